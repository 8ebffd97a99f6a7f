export { en } from './en';
export { ar } from './ar';
export { tr } from './tr';
export type { Resources, DeepStrings } from './types';
