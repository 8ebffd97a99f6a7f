// Every table the console manages, declared once. The resources in Console.tsx, the side menu,
// the dashboard tiles, the audit log's table filter and record names, and the data provider's
// primary keys, image columns, search columns and computed columns are all read from here; each
// resource's pages are named in pages.ts, which imports them (the pages read this module, so it
// imports none of them: no import circle).
// Table and column names are checked against the types generated from the schema
// (shared/src/database.types.ts), so a typo or a dropped column fails `npm run typecheck`.
import type { SvgIconComponent } from '@mui/icons-material';
import Groups from '@mui/icons-material/Groups';
import Event from '@mui/icons-material/Event';
import MenuBook from '@mui/icons-material/MenuBook';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Newspaper from '@mui/icons-material/Newspaper';
import BarChart from '@mui/icons-material/BarChart';
import Inbox from '@mui/icons-material/Inbox';
import Translate from '@mui/icons-material/Translate';
import Settings from '@mui/icons-material/Settings';
import School from '@mui/icons-material/School';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import History from '@mui/icons-material/History';
import PrivacyTip from '@mui/icons-material/PrivacyTip';
import Handshake from '@mui/icons-material/Handshake';
import CorporateFare from '@mui/icons-material/CorporateFare';
import Key from '@mui/icons-material/Key';
import type { ImageFolder } from '@union/shared/constants';
import type { Column, Computed, Row, TableName } from './types';
import type { MessageKey } from './i18n/keys';

/**
 * Where a resource sits in the side menu, in this order. Everything under `admin` (people's
 * records, accounts, the audit log, personal data requests) is for superadmins only.
 */
export const MENU_GROUPS = ['content', 'inbox', 'site', 'admin'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface ResourceSpec<T extends TableName = TableName> {
  name: T;
  icon: SvgIconComponent;
  group: MenuGroup;
  /** The column that names a row (a localized jsonb or plain text): page titles, references, audit log. */
  title?: Column<T>;
  /** When not `id`: ra-data-postgrest turns these columns into the record's id. */
  primaryKey?: readonly Column<T>[];
  /** The column holding an image path, and the image's folder in the bucket. */
  image?: { field: Column<T>; folder: ImageFolder };
  /** Columns searched by the list's free-text filter. */
  search?: readonly Column<T>[];
  /** Computed fields (functions of the row) selected with every read and never sent back. */
  computed?: readonly Computed<T>[];
  /** A tile on the dashboard counting the rows (matching `filter`), labelled by the resource or `label`. */
  tile?: { filter?: Partial<Row<T>>; label?: MessageKey };
  /** Whether changes are written to the audit log (every table but the log itself). */
  audited?: false;
}

/** Any one table's entry (a union: each entry's columns belong to its own table). */
export type AnyResource = { [T in TableName]: ResourceSpec<T> }[TableName];

// Checks each entry against its own table (an array literal alone would widen `T` to every table).
const resource = <T extends TableName>(spec: ResourceSpec<T>): ResourceSpec<T> => spec;

export const RESOURCES = [
  resource({
    name: 'board_members',
    icon: Groups,
    group: 'content',
    title: 'name',
    image: { field: 'photo_path', folder: 'board-members' },
    tile: {},
  }),
  resource({
    name: 'events',
    icon: Event,
    group: 'content',
    title: 'title',
    image: { field: 'photo_path', folder: 'events' },
    computed: ['is_past', 'places_left'],
    tile: {},
  }),
  resource({
    name: 'books',
    icon: MenuBook,
    group: 'content',
    title: 'title',
    image: { field: 'cover_path', folder: 'books' },
    tile: {},
  }),
  resource({
    name: 'achievements',
    icon: EmojiEvents,
    group: 'content',
    title: 'title',
    image: { field: 'photo_path', folder: 'achievements' },
    tile: {},
  }),
  resource({
    name: 'news',
    icon: Newspaper,
    group: 'content',
    title: 'title',
    image: { field: 'cover_path', folder: 'news' },
    tile: {},
  }),
  resource({ name: 'statistics', icon: BarChart, group: 'content', title: 'title', tile: {} }),
  resource({
    name: 'partners',
    icon: CorporateFare,
    group: 'content',
    title: 'name',
    image: { field: 'logo_path', folder: 'partners' },
    tile: {},
  }),
  resource({
    name: 'submissions',
    icon: Inbox,
    group: 'inbox',
    title: 'name',
    search: ['name', 'email', 'student_number', 'message'],
    tile: { filter: { status: 'pending' }, label: 'dashboard.tiles.pending' },
  }),
  resource({
    name: 'translations',
    icon: Translate,
    group: 'site',
    title: 'key',
    primaryKey: ['key'],
  }),
  resource({ name: 'settings', icon: Settings, group: 'site', title: 'key', primaryKey: ['key'] }),
  resource({
    name: 'students',
    icon: School,
    group: 'admin',
    title: 'name',
    search: ['name', 'student_number'],
  }),
  resource({
    name: 'staff',
    icon: ManageAccounts,
    group: 'admin',
    title: 'email',
    primaryKey: ['user_id'],
    search: ['email'],
  }),
  resource({ name: 'credentials', icon: Key, group: 'admin', title: 'key', primaryKey: ['key'] }),
  resource({
    name: 'audit_log',
    icon: History,
    group: 'admin',
    search: ['actor_email', 'row_id'],
    audited: false,
  }),
] as const satisfies readonly AnyResource[];

/** Console pages that are not a table: a menu entry and a route of their own (its page in pages.ts). */
export interface PageSpec {
  path: `/${string}`;
  label: MessageKey;
  icon: SvgIconComponent;
  group: MenuGroup;
}

export const PAGES = [
  { path: '/privacy', label: 'menu.privacy', icon: PrivacyTip, group: 'admin' },
  { path: '/handover', label: 'menu.handover', icon: Handshake, group: 'admin' },
] as const satisfies readonly PageSpec[];

export type PagePath = (typeof PAGES)[number]['path'];

/** Audit entries name a table, or `privacy` for erasures and retention runs (which span tables). */
// Beside the resources: the privacy functions' entries and the image changes in Storage.
export const AUDITED_TABLES = [
  ...RESOURCES.filter((r) => r.audited !== false).map((r) => r.name),
  'privacy',
  'images',
] as const;

/**
 * Tables whose deleted records a superadmin restores from the audit log (public.restore_deleted,
 * private.history_tables.restorable): the content; supabase/tests/drift.test.ts checks the copy.
 */
export const RESTORABLE_TABLES: readonly string[] = RESOURCES.filter((r) => r.group === 'content').map((r) => r.name);

export const isSuperadminGroup = (group: MenuGroup) => group === 'admin';

export type ResourceName = (typeof RESOURCES)[number]['name'];

const byName = new Map<string, AnyResource>(RESOURCES.map((r) => [r.name, r]));

/** The registry entry of a resource name, if the console manages it. */
export const resourceSpec = (name: string): AnyResource | undefined => byName.get(name);

/** Per resource, one fact of the registry (resources without it left out). */
export function collect<V>(pick: (spec: AnyResource) => V | undefined): Record<string, V> {
  const out: Record<string, V> = {};
  for (const spec of RESOURCES as readonly AnyResource[]) {
    const value = pick(spec);
    if (value !== undefined) out[spec.name] = value;
  }
  return out;
}

/** An audit entry's table as staff know it: its resource's name, or the privacy actions. */
export const auditTableLabel = (table: string): MessageKey =>
  resourceSpec(table) ? resourceLabel(table as ResourceName) : table === 'images' ? 'audit.images' : 'audit.privacy';

/** A resource's label: its name in the plural (`resources.<name>.name`, which react-admin's own titles use). */
export const resourceLabel = (name: ResourceName): MessageKey => `resources.${name}.name`;
