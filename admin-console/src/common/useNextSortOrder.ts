import { useGetList } from 'react-admin';

/** A new board member or statistic goes last: its order defaults to the current count. */
export const useNextSortOrder = (resource: string): number | undefined => {
  const { total, isPending } = useGetList(resource, { pagination: { page: 1, perPage: 1 } });
  return isPending ? undefined : (total ?? 0);
};
