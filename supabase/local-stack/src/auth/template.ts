// The part of Go's html/template that GoTrue's mail templates can use, so that the local stack
// renders supabase/templates/*.html exactly as hosted Supabase would (CONTRACT.md, "Mail
// templates"). GoTrue parses both the subject and the body with html/template and no extra
// functions, so a template may use only Go's built-ins; this module implements the ones our
// templates need and refuses the rest at parse time, so that a template that works here cannot
// fail there for using something this subset lacks.
//
// Supported: literal text; {{ .Field.Chain }}, {{ $var }}, {{ $var := pipeline }}, {{ $var =
// pipeline }}; string literals ("…" and `…`), true, false; the functions eq, ne, not, and, or,
// print; parentheses; {{ if }} / {{ else if }} / {{ else }} / {{ end }}; {{ with }} … {{ else }}
// … {{ end }}; {{/* comments */}}; trim markers {{- and -}}.
//
// Escaping follows html/template's contexts: HTML text and double- or single-quoted attribute
// values are escaped like its htmlEscaper; URL attributes (href, src, …) are filtered (only
// http, https and mailto schemes; anything else becomes #ZgotmplZ) and normalized before the
// query, percent-encoded inside it. HTML comments are removed, as html/template does. Actions
// inside <script>, <style>, style= or on*= attributes, unquoted attributes or tag names are
// refused, and so are branches that end in different contexts (Go refuses most of those; where
// it would only mark a URL as ambiguous this subset is stricter, never looser).

export class TemplateError extends Error {}

// ---------------------------------------------------------------------------------------------
// Values, as Go's text/template sees a map[string]any decoded from JSON.

/** `undefined` stands for Go's invalid reflect.Value (a missing map key). */
type Value = unknown;

function kind(v: Value): 'invalid' | 'nil' | 'string' | 'number' | 'bool' | 'map' | 'slice' {
  if (v === undefined) return 'invalid';
  if (v === null) return 'nil';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'slice';
  return 'map';
}

/** Go's template truth: false, 0, nil, an empty string, map or slice are false. */
export function truth(v: Value): boolean {
  switch (kind(v)) {
    case 'invalid':
    case 'nil':
      return false;
    case 'string':
      return (v as string).length > 0;
    case 'number':
      return v !== 0;
    case 'bool':
      return v as boolean;
    case 'slice':
      return (v as unknown[]).length > 0;
    default:
      return Object.keys(v as object).length > 0;
  }
}

/** fmt.Sprint of one value (%v): what `print` and an action's output show. */
export function goSprint(v: Value): string {
  switch (kind(v)) {
    case 'invalid':
    case 'nil':
      return '<nil>';
    case 'string':
      return v as string;
    case 'number': {
      // Go prints a float64 with %v as strconv 'g' with the shortest repr: 1e+21, not 1e21.
      const n = v as number;
      if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
      return String(n).replace(/e([+-])(\d)$/, 'e$1' + '0$2');
    }
    case 'bool':
      return String(v);
    case 'slice':
      return `[${(v as unknown[]).map(goSprint).join(' ')}]`;
    default: {
      // fmt sorts map keys.
      const o = v as Record<string, unknown>;
      return `map[${Object.keys(o)
        .sort()
        .map((k) => `${k}:${goSprint(o[k])}`)
        .join(' ')}]`;
    }
  }
}

/** text/template's eq: a missing value equals nothing (Go 1.18+); mixed kinds are an error. */
function eq(a: Value, ...rest: Value[]): boolean {
  if (rest.length === 0) throw new TemplateError('missing argument for comparison');
  const ka = kind(a);
  for (const b of rest) {
    const kb = kind(b);
    if (ka === 'map' || ka === 'slice' || kb === 'map' || kb === 'slice') {
      throw new TemplateError('error calling eq: non-comparable type');
    }
    if (ka !== kb) {
      if (ka !== 'invalid' && kb !== 'invalid' && ka !== 'nil' && kb !== 'nil') {
        throw new TemplateError('error calling eq: incompatible types for comparison');
      }
      continue;
    }
    if (a === b) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Parsing

type Arg =
  | { t: 'field'; base: 'dot' | string; path: string[] } // base: 'dot' or a variable name ('$' is the root)
  | { t: 'lit'; v: Value }
  | { t: 'call'; fn: string; args: Arg[] }
  | { t: 'pipe'; pipe: Pipe };

interface Pipe {
  decl?: { name: string; assign: boolean };
  cmd: Arg;
}

type Node =
  | { t: 'text'; text: string }
  | { t: 'action'; pipe: Pipe; escaper?: Escaper }
  | { t: 'if' | 'with'; pipe: Pipe; then: Node[]; else: Node[] };

const FUNCS = new Set(['eq', 'ne', 'not', 'and', 'or', 'print']);

function tokenize(src: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      if (j >= src.length) throw new TemplateError('unterminated quoted string');
      out.push(src.slice(i, j + 1));
      i = j + 1;
    } else if (c === '`') {
      const j = src.indexOf('`', i + 1);
      if (j < 0) throw new TemplateError('unterminated raw quoted string');
      out.push(src.slice(i, j + 1));
      i = j + 1;
    } else if (c === '(' || c === ')') {
      out.push(c);
      i++;
    } else if (src.startsWith(':=', i)) {
      out.push(':=');
      i += 2;
    } else if (c === '=') {
      out.push('=');
      i++;
    } else {
      const m = /^[^\s()"`=]+/.exec(src.slice(i))!;
      out.push(m[0]);
      i += m[0].length;
    }
  }
  return out;
}

function parseArgs(tokens: string[], pos: { i: number }, until: string | null): Arg[] {
  const args: Arg[] = [];
  while (pos.i < tokens.length && tokens[pos.i] !== until) {
    const tok = tokens[pos.i++]!;
    if (tok === '(') {
      const inner = parseArgs(tokens, pos, ')');
      if (tokens[pos.i++] !== ')') throw new TemplateError('unclosed left paren');
      args.push({ t: 'pipe', pipe: { cmd: command(inner) } });
    } else if (tok === ')') {
      throw new TemplateError('unexpected right paren');
    } else if (tok.startsWith('"')) {
      args.push({ t: 'lit', v: JSON.parse(tok) as string });
    } else if (tok.startsWith('`')) {
      args.push({ t: 'lit', v: tok.slice(1, -1) });
    } else if (tok === 'true' || tok === 'false') {
      args.push({ t: 'lit', v: tok === 'true' });
    } else if (tok === 'nil') {
      args.push({ t: 'lit', v: null });
    } else if (tok.startsWith('.')) {
      args.push({ t: 'field', base: 'dot', path: tok === '.' ? [] : tok.slice(1).split('.') });
    } else if (tok.startsWith('$')) {
      const [name, ...path] = tok.split('.');
      args.push({ t: 'field', base: name!, path });
    } else if (FUNCS.has(tok)) {
      args.push({ t: 'call', fn: tok, args: [] });
    } else if (tok === '|') {
      throw new TemplateError('pipes (|) are not supported by this subset');
    } else {
      throw new TemplateError(`function "${tok}" not defined`);
    }
  }
  return args;
}

/** A command: a function with its arguments, or a single operand. */
function command(args: Arg[]): Arg {
  if (args.length === 0) throw new TemplateError('missing value for command');
  const [first, ...rest] = args;
  if (first!.t === 'call') return { t: 'call', fn: first!.fn, args: rest };
  if (rest.length > 0) throw new TemplateError("can't give argument to non-function");
  return first!;
}

function parsePipe(src: string): Pipe {
  const tokens = tokenize(src);
  let decl: Pipe['decl'];
  if (tokens.length >= 2 && tokens[0]!.startsWith('$') && (tokens[1] === ':=' || tokens[1] === '=')) {
    decl = { name: tokens[0]!, assign: tokens[1] === '=' };
    tokens.splice(0, 2);
  }
  const pos = { i: 0 };
  const args = parseArgs(tokens, pos, null);
  return { decl, cmd: command(args) };
}

const TRIM_SPACE = /[ \t\r\n]+$/;

/** Splits a template into a tree of text, actions and if/with blocks. */
export function parse(src: string): Node[] {
  const root: Node[] = [];
  // Open blocks: the node, and which of its lists is being filled.
  // chained: opened by {{else if}}, so closed by the same {{end}} as the block before it.
  const stack: { node: Extract<Node, { t: 'if' | 'with' }>; inElse: boolean; chained: boolean }[] = [];
  const current = () => {
    const top = stack[stack.length - 1];
    return top ? (top.inElse ? top.node.else : top.node.then) : root;
  };
  let i = 0;
  let trimNext = false;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    let text = src.slice(i, open < 0 ? src.length : open);
    if (trimNext) text = text.replace(/^[ \t\r\n]+/, '');
    trimNext = false;
    if (open < 0) {
      if (text) current().push({ t: 'text', text });
      break;
    }
    let start = open + 2;
    if (/^-[ \t\r\n]/.test(src.slice(start, start + 2))) {
      text = text.replace(TRIM_SPACE, '');
      start += 2;
    }
    if (text) current().push({ t: 'text', text });
    let close: number;
    let body: string;
    if (src.startsWith('/*', start)) {
      const end = src.indexOf('*/', start + 2);
      if (end < 0) throw new TemplateError('unclosed comment');
      close = src.indexOf('}}', end);
      body = '';
    } else {
      close = src.indexOf('}}', start);
      body = src.slice(start, close);
    }
    if (close < 0) throw new TemplateError('unclosed action');
    let inner = src.slice(start, close);
    if (/[ \t\r\n]-$/.test(inner)) {
      trimNext = true;
      inner = inner.slice(0, -2);
      body = body.slice(0, -2);
    }
    i = close + 2;
    if (inner.trimStart().startsWith('/*')) continue; // a comment
    const words = body.trim();
    const keyword = /^(if|with|else|end)\b/.exec(words)?.[1];
    if (keyword === 'if' || keyword === 'with') {
      const node = { t: keyword, pipe: parsePipe(words.slice(keyword.length)), then: [], else: [] } as Extract<
        Node,
        { t: 'if' | 'with' }
      >;
      current().push(node);
      stack.push({ node, inElse: false, chained: false });
    } else if (keyword === 'else') {
      const top = stack[stack.length - 1];
      if (!top || top.inElse) throw new TemplateError('unexpected {{else}}');
      top.inElse = true;
      const rest = words.slice(4).trim();
      const chain = /^(if|with)\b/.exec(rest)?.[1];
      if (chain) {
        // {{else if x}} is {{else}}{{if x}} … with one shared {{end}}.
        const node = { t: chain, pipe: parsePipe(rest.slice(chain.length)), then: [], else: [] } as Extract<
          Node,
          { t: 'if' | 'with' }
        >;
        top.node.else.push(node);
        stack.push({ node, inElse: false, chained: true });
      } else if (rest) {
        throw new TemplateError(`unexpected "${rest}" in else`);
      }
    } else if (keyword === 'end') {
      let top = stack.pop();
      if (!top) throw new TemplateError('unexpected {{end}}');
      while (top.chained) top = stack.pop()!;
    } else {
      current().push({ t: 'action', pipe: parsePipe(words) });
    }
  }
  if (stack.length) throw new TemplateError('unexpected EOF: missing {{end}}');
  return root;
}

// ---------------------------------------------------------------------------------------------
// Contexts and escaping (html/template's escaper, for the contexts mail HTML uses)

type Escaper = 'html' | 'attr' | 'url-start' | 'url-normal' | 'url-query';

interface Ctx {
  state: 'text' | 'tag' | 'attr' | 'raw';
  /** The element: its content is raw text for script and style. */
  tag: string;
  /** In 'tag': the attribute name being read, and whether its '=' was seen. */
  attrName: string;
  nameEnded: boolean;
  afterEq: boolean;
  /** In 'attr': the value's quote and attribute kind, and where in a URL we are. */
  quote: string;
  attrKind: 'plain' | 'url' | 'unsafe';
  urlPart: 'start' | 'pre' | 'query';
}

const START: Ctx = {
  state: 'text',
  tag: '',
  attrName: '',
  nameEnded: false,
  afterEq: false,
  quote: '',
  attrKind: 'plain',
  urlPart: 'start',
};
const sameCtx = (a: Ctx, b: Ctx) => JSON.stringify(a) === JSON.stringify(b);

// html/template's attrTypeMap, for the attributes that take URLs.
const URL_ATTRS = new Set([
  'action',
  'archive',
  'background',
  'cite',
  'classid',
  'codebase',
  'data',
  'formaction',
  'href',
  'icon',
  'longdesc',
  'manifest',
  'poster',
  'profile',
  'src',
  'usemap',
  'xmlns',
]);

function attrKind(name: string): Ctx['attrKind'] {
  const n = name.toLowerCase().replace(/^data-/, '');
  if (n.startsWith('on') || n === 'style' || n === 'srcset') return 'unsafe';
  if (URL_ATTRS.has(n) || n.includes('src') || n.includes('uri') || n.includes('url')) return 'url';
  return 'plain';
}

/** Moves the context over literal text; returns the text as html/template emits it (no comments). */
function walkText(text: string, ctx: Ctx): { out: string; ctx: Ctx } {
  const c = { ...ctx };
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (c.state === 'text') {
      if (text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        if (end < 0) throw new TemplateError('an HTML comment must open and close in the same text');
        i = end + 3;
        continue;
      }
      const m = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/.exec(text.slice(i));
      if (m) {
        Object.assign(c, { state: 'tag', tag: m[1] ? '' : m[2]!.toLowerCase(), attrName: '', afterEq: false });
        c.nameEnded = false;
        out += m[0];
        i += m[0].length;
        continue;
      }
    } else if (c.state === 'raw') {
      if (text.slice(i, i + 2 + c.tag.length).toLowerCase() === `</${c.tag}`) c.state = 'text';
      else {
        out += ch;
        i++;
        continue;
      }
    } else if (c.state === 'tag') {
      if (ch === '>') {
        Object.assign(c, { state: c.tag === 'script' || c.tag === 'style' ? 'raw' : 'text', attrName: '' });
        c.afterEq = false;
        c.nameEnded = false;
      } else if (ch === '=' && c.attrName && !c.afterEq) {
        c.afterEq = true;
      } else if ((ch === '"' || ch === "'") && c.afterEq) {
        Object.assign(c, { state: 'attr', quote: ch, attrKind: attrKind(c.attrName), urlPart: 'start' });
      } else if (/\s/.test(ch) || ch === '/') {
        c.nameEnded = c.attrName !== '';
      } else if (c.afterEq) {
        throw new TemplateError(`unquoted value for attribute ${c.attrName}: quote it`);
      } else {
        if (c.nameEnded) c.attrName = '';
        c.nameEnded = false;
        c.attrName += ch;
      }
    } else if (c.state === 'attr') {
      if (ch === c.quote) {
        Object.assign(c, { state: 'tag', attrName: '', afterEq: false, nameEnded: false, quote: '' });
        Object.assign(c, { attrKind: 'plain', urlPart: 'start' });
      } else if (c.attrKind === 'url') {
        // html/template's tURL: '?' or '#' starts the query; other non-space text the path.
        if (ch === '?' || ch === '#') c.urlPart = 'query';
        else if (c.urlPart === 'start' && !/\s/.test(ch)) c.urlPart = 'pre';
      }
    }
    out += ch;
    i++;
  }
  return { out, ctx: c };
}

function escaperFor(ctx: Ctx): Escaper {
  if (ctx.state === 'text') return 'html';
  if (ctx.state === 'attr') {
    if (ctx.attrKind === 'unsafe')
      throw new TemplateError('actions in style, srcset or on* attributes are not supported');
    if (ctx.attrKind === 'plain') return 'attr';
    return ctx.urlPart === 'start' ? 'url-start' : ctx.urlPart === 'pre' ? 'url-normal' : 'url-query';
  }
  if (ctx.state === 'raw') throw new TemplateError(`actions inside <${ctx.tag}> are not supported`);
  if (ctx.afterEq) throw new TemplateError(`unquoted value for attribute ${ctx.attrName}: quote it`);
  throw new TemplateError('actions inside a tag must be in a quoted attribute value');
}

/** Annotates each action with its escaper; checks that branches end in the same context. */
function escapeNodes(nodes: Node[], ctx: Ctx): Ctx {
  for (const node of nodes) {
    if (node.t === 'text') {
      const r = walkText(node.text, ctx);
      node.text = r.out;
      ctx = r.ctx;
    } else if (node.t === 'action') {
      // Like html/template, an action leaves the context as it was (only literal text moves it).
      if (!node.pipe.decl) node.escaper = escaperFor(ctx);
    } else {
      const a = escapeNodes(node.then, ctx);
      const b = escapeNodes(node.else, ctx);
      if (!sameCtx(a, b)) throw new TemplateError(`{{${node.t}}} branches end in different contexts`);
      ctx = a;
    }
  }
  return ctx;
}

// html/template's htmlReplacementTable (text and quoted attribute values).
const HTML_ESC: Record<string, string> = {
  '\0': '\uFFFD',
  '"': '&#34;',
  '&': '&amp;',
  "'": '&#39;',
  '+': '&#43;',
  '<': '&lt;',
  '>': '&gt;',
};
export const htmlEscape = (s: string) => s.replace(/[\0"&'+<>]/g, (c) => HTML_ESC[c]!);

/** html/template's urlProcessor: norm keeps reserved characters and valid %-escapes. */
export function urlProcess(s: string, norm: boolean): string {
  const bytes = Buffer.from(s, 'utf8');
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    const ch = String.fromCharCode(c);
    if ('!#$&*+,/:;=?@[]'.includes(ch) && norm) {
      out += ch;
    } else if (/[A-Za-z0-9\-._~]/.test(ch)) {
      out += ch;
    } else if (
      ch === '%' &&
      norm &&
      i + 2 < bytes.length &&
      /[0-9a-fA-F]/.test(String.fromCharCode(bytes[i + 1]!)) &&
      /[0-9a-fA-F]/.test(String.fromCharCode(bytes[i + 2]!))
    ) {
      out += ch;
    } else {
      out += '%' + c.toString(16).padStart(2, '0');
    }
  }
  return out;
}

/** html/template's urlFilter: only http, https and mailto (or no scheme) pass. */
export function urlFilter(s: string): string {
  const colon = s.indexOf(':');
  if (colon >= 0) {
    const scheme = s.slice(0, colon);
    if (!scheme.includes('/') && !['http', 'https', 'mailto'].includes(scheme.toLowerCase())) return '#ZgotmplZ';
  }
  return s;
}

function escapeValue(v: Value, escaper: Escaper): string {
  // html/template skips a nil argument (it prints nothing, not "<nil>").
  const s = v === undefined || v === null ? '' : goSprint(v);
  switch (escaper) {
    case 'html':
    case 'attr':
      return htmlEscape(s);
    case 'url-start':
      return htmlEscape(urlProcess(urlFilter(s), true));
    case 'url-normal':
      return htmlEscape(urlProcess(s, true));
    case 'url-query':
      return htmlEscape(urlProcess(s, false));
  }
}

// ---------------------------------------------------------------------------------------------
// Execution

type Scope = Map<string, Value>[];

function lookup(scope: Scope, name: string): Value {
  for (let i = scope.length - 1; i >= 0; i--) if (scope[i]!.has(name)) return scope[i]!.get(name);
  throw new TemplateError(`undefined variable: ${name}`);
}

function field(v: Value, path: string[]): Value {
  let cur = v;
  for (const name of path) {
    const k = kind(cur);
    // text/template's evalField: a field of a missing key is missing too; a field of a JSON null
    // (a nil interface) is an error.
    if (k === 'map') cur = (cur as Record<string, unknown>)[name];
    else if (k === 'invalid') return undefined;
    else if (k === 'nil') throw new TemplateError(`nil pointer evaluating interface {}.${name}`);
    else throw new TemplateError(`can't evaluate field ${name} in type ${k}`);
  }
  return cur;
}

function evalArg(arg: Arg, dot: Value, scope: Scope): Value {
  switch (arg.t) {
    case 'lit':
      return arg.v;
    case 'field':
      return field(arg.base === 'dot' ? dot : lookup(scope, arg.base), arg.path);
    case 'pipe':
      return evalPipe(arg.pipe, dot, scope);
    case 'call': {
      const a = arg.args;
      switch (arg.fn) {
        case 'and': {
          if (!a.length) throw new TemplateError('wrong number of args for and');
          let v: Value;
          for (const x of a) if (!truth((v = evalArg(x, dot, scope)))) return v;
          return v;
        }
        case 'or': {
          if (!a.length) throw new TemplateError('wrong number of args for or');
          let v: Value;
          for (const x of a) if (truth((v = evalArg(x, dot, scope)))) return v;
          return v;
        }
        case 'not':
          if (a.length !== 1) throw new TemplateError('wrong number of args for not: want 1');
          return !truth(evalArg(a[0]!, dot, scope));
        case 'eq':
        case 'ne': {
          const vals = a.map((x) => evalArg(x, dot, scope));
          if (arg.fn === 'ne' && vals.length !== 2) throw new TemplateError('wrong number of args for ne: want 2');
          const r = eq(vals[0], ...vals.slice(1));
          return arg.fn === 'eq' ? r : !r;
        }
        case 'print': {
          // fmt.Sprint: a space between operands when neither is a string.
          const vals = a.map((x) => evalArg(x, dot, scope));
          return vals
            .map((v, i) => (i > 0 && typeof v !== 'string' && typeof vals[i - 1] !== 'string' ? ' ' : '') + goSprint(v))
            .join('');
        }
      }
      throw new TemplateError(`function "${arg.fn}" not defined`);
    }
  }
}

function evalPipe(pipe: Pipe, dot: Value, scope: Scope): Value {
  const v = evalArg(pipe.cmd, dot, scope);
  if (pipe.decl) {
    if (pipe.decl.assign) {
      const frame = [...scope].reverse().find((f) => f.has(pipe.decl!.name));
      if (!frame) throw new TemplateError(`undefined variable: ${pipe.decl.name}`);
      frame.set(pipe.decl.name, v);
    } else scope[scope.length - 1]!.set(pipe.decl.name, v);
  }
  return v;
}

function exec(nodes: Node[], dot: Value, scope: Scope): string {
  let out = '';
  for (const node of nodes) {
    if (node.t === 'text') out += node.text;
    else if (node.t === 'action') {
      const v = evalPipe(node.pipe, dot, scope);
      if (!node.pipe.decl) out += escapeValue(v, node.escaper!);
    } else {
      // A variable declared in the condition is seen by both branches, as in Go.
      const inner = [...scope, new Map<string, Value>()];
      const v = evalPipe(node.pipe, dot, inner);
      if (truth(v)) out += exec(node.then, node.t === 'with' ? v : dot, inner);
      else out += exec(node.else, dot, inner);
    }
  }
  return out;
}

export interface Template {
  execute(data: Record<string, unknown>): string;
}

/** Parses and escapes a template once; execute() renders it (template.New(…).Parse, Execute). */
export function compile(src: string): Template {
  const nodes = parse(src);
  escapeNodes(nodes, START);
  return {
    execute(data) {
      return exec(nodes, data, [new Map([['$', data as Value]])]);
    },
  };
}
