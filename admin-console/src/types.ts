// Records typed from the schema: the generated types (npm run gen:types) are the one source.
import type { Identifier } from 'react-admin';
import type { Database } from '@union/shared/database.types';

type PublicTables = Database['public']['Tables'];

export type TableName = keyof PublicTables;
/** A row as PostgREST returns it, computed fields included. */
export type Row<T extends TableName> = PublicTables[T]['Row'];
export type Column<T extends TableName> = Extract<keyof Row<T>, string>;
export type Computed<T extends TableName> = PublicTables[T] extends { ComputedFields: infer C }
  ? Extract<C, string>
  : never;
export type Enum<E extends keyof Database['public']['Enums']> = Database['public']['Enums'][E];

/** A row as react-admin holds it: ra-data-postgrest gives every record an `id` (its primary key). */
export type Rec<T extends TableName> = Row<T> & { id: Identifier };

export type SubmissionRecord = Rec<'submissions'>;
