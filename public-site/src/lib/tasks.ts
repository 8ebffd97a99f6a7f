/**
 * Lets the browser handle input and paint before going on: resolves in a task of its own. The
 * start-up, the refresh after hydration and each PostgREST read go on through it, so that none of
 * them adds to a long task on a slow phone.
 */
export const yieldToBrowser = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
