// The Go html/template subset (template.ts). Expected outputs are what Go's html/template gives
// for the same template and data (GoTrue renders mail subjects and bodies with it).
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { readProjectConfig } from '../config.js';
import { compile, goSprint, TemplateError } from './template.js';

const render = (src: string, data: Record<string, unknown> = {}) => compile(src).execute(data);

describe('output and escaping', () => {
  it('escapes text like htmlEscaper, + included', () => {
    expect(render('<p>{{ .Email }}</p>', { Email: `a+b@x.test<'">&\0` })).toBe(
      '<p>a&#43;b@x.test&lt;&#39;&#34;&gt;&amp;\uFFFD</p>',
    );
  });

  it('escapes plain attribute values the same way', () => {
    expect(render(`<td title="{{ .T }}" lang='{{ .T }}'>`, { T: `"x" & 'y'` })).toBe(
      `<td title="&#34;x&#34; &amp; &#39;y&#39;" lang='&#34;x&#34; &amp; &#39;y&#39;'>`,
    );
  });

  it('normalizes a URL attribute: reserved characters and %-escapes stay, & becomes &amp;', () => {
    const url =
      'http://127.0.0.1:54321/auth/v1/verify?token=pkce_ab&type=recovery&redirect_to=http%3A%2F%2Fh%2Fadmin%2F';
    expect(render('<a href="{{ .ConfirmationURL }}">', { ConfirmationURL: url })).toBe(
      `<a href="${url.replace(/&/g, '&amp;')}">`,
    );
    expect(render('<a href="{{ .U }}">', { U: 'http://h/a b/é"<' })).toBe('<a href="http://h/a%20b/%c3%a9%22%3c">');
  });

  it('filters unsafe schemes at the start of a URL', () => {
    expect(render('<a href="{{ .U }}">', { U: 'javascript:alert(1)' })).toBe('<a href="#ZgotmplZ">');
    expect(render('<a href="{{ .U }}">', { U: 'MAILTO:x@y.test' })).toBe('<a href="MAILTO:x@y.test">');
    expect(render('<a href="{{ .U }}">', { U: '/relative:path' })).toBe('<a href="/relative:path">');
  });

  it('percent-encodes a value in the query, normalizes one in the path', () => {
    expect(render('<a href="{{ .S }}/admin?email={{ .E }}#{{ .E }}">', { S: 'http://h:1', E: 'a+b@x.test/' })).toBe(
      '<a href="http://h:1/admin?email=a%2bb%40x.test%2f#a%2bb%40x.test%2f">',
    );
    expect(render('<a href="/x/{{ .P }}">', { P: 'javascript:y z' })).toBe('<a href="/x/javascript:y%20z">');
  });

  it('removes HTML comments and template comments, and honours trim markers', () => {
    expect(render('<p>a<!-- note --> b</p>\n  {{- /* why */ -}}\n  <i>{{- .X -}} </i>', { X: 'x' })).toBe(
      '<p>a b</p><i>x</i>',
    );
  });

  it('prints nothing for a missing key, and fmt.Sprint for other values', () => {
    expect(
      render('[{{ .Data.language }}][{{ .Data.n }}][{{ .Data.b }}][{{ .Data.o }}]', {
        Data: { n: 1.5, b: true, o: { z: [1, 'a'], a: null } },
      }),
    ).toBe('[][1.5][true][map[a:&lt;nil&gt; z:[1 a]]]');
    expect(goSprint(1e21)).toBe('1e+21');
    expect(goSprint(undefined)).toBe('<nil>');
  });
});

describe('functions and control', () => {
  const LANG = '{{ $l := print .Data.language }}{{ if eq $l "en" }}EN{{ else if eq $l "tr" }}TR{{ else }}AR{{ end }}';

  it('branches on user_metadata.language through print, whatever is stored', () => {
    expect(render(LANG, { Data: { language: 'en' } })).toBe('EN');
    expect(render(LANG, { Data: { language: 'tr' } })).toBe('TR');
    expect(render(LANG, { Data: {} })).toBe('AR');
    expect(render(LANG, { Data: { language: 5 } })).toBe('AR');
    expect(render(LANG, { Data: { language: null } })).toBe('AR');
    expect(render('{{ print .Data.language }}', { Data: {} })).toBe('&lt;nil&gt;');
  });

  it('eq: a missing value equals nothing; mixed kinds are an error (as Go since 1.18)', () => {
    expect(render('{{ if eq .Data.language "tr" }}y{{ else }}n{{ end }}', { Data: {} })).toBe('n');
    expect(render('{{ eq .A "x" "y" }}{{ ne .A "y" }}', { A: 'y' })).toBe('truefalse');
    expect(() => render('{{ eq .A "5" }}', { A: 5 })).toThrow(/incompatible types/);
  });

  it('and / or return the deciding operand; not negates truth', () => {
    expect(render('{{ or .A .B "c" }}|{{ and .A .B }}|{{ and "x" .B }}|{{ not .A }}', { A: '', B: 'b' })).toBe(
      'b||b|true',
    );
  });

  it('with sets dot; variables are scoped to their block; $ is the data', () => {
    expect(render('{{ with .Data.name }}<b>{{ . }}</b>{{ else }}none{{ end }}', { Data: { name: 'Ali' } })).toBe(
      '<b>Ali</b>',
    );
    expect(render('{{ with .Data.name }}{{ . }}{{ else }}none{{ end }}', { Data: {} })).toBe('none');
    expect(render('{{ with .Data }}{{ $.Email }}{{ end }}', { Email: 'e', Data: { a: 1 } })).toBe('e');
    expect(() => render('{{ if true }}{{ $x := "a" }}{{ end }}{{ $x }}')).toThrow(/undefined variable/);
    expect(render('{{ $x := "a" }}{{ if true }}{{ $x = "b" }}{{ end }}{{ $x }}')).toBe('b');
  });

  it('a field of a missing key is missing; a field of null or of a string is an error', () => {
    expect(render('[{{ .Data.a.b }}]', { Data: {} })).toBe('[]');
    expect(() => render('{{ .Data.a.b }}', { Data: { a: null } })).toThrow(/nil pointer/);
    expect(() => render('{{ .Email.x }}', { Email: 'e' })).toThrow(/can't evaluate field/);
  });
});

describe('refused at parse time', () => {
  it.each([
    ['{{ upper .Email }}', /function "upper" not defined/],
    ['{{ .Email | html }}', /pipes/],
    ['{{ if .A }}x', /missing \{\{end\}\}/],
    ['x{{ end }}', /unexpected \{\{end\}\}/],
    ['<script>var e = "{{ .Email }}"</script>', /inside <script>/],
    ['<p style="color:{{ .C }}">', /style/],
    ['<a href={{ .U }}>', /unquoted/],
    ['<p {{ .A }}>', /quoted attribute/],
    ['{{ if .A }}<a href="{{ end }}', /different contexts/],
  ])('%s', (src, err) => {
    expect(() => compile(src)).toThrow(TemplateError);
    expect(() => compile(src)).toThrow(err);
  });
});

describe("the project's recovery mail (config.toml, supabase/templates/recovery.html)", () => {
  const recovery = readProjectConfig().auth.emailTemplates.recovery!;
  const subject = compile(recovery.subject!);
  const body = compile(recovery.content!);
  const URL_ =
    'http://127.0.0.1:54321/auth/v1/verify?token=pkce_0a&type=recovery&redirect_to=http%3A%2F%2Fh%2Fadmin%2F';
  const data = (language?: unknown) => ({
    SiteURL: 'http://127.0.0.1:5173',
    ConfirmationURL: URL_,
    Email: 'sara+staff@union.test',
    Token: '123456',
    TokenHash: 'pkce_0a',
    Data: language === undefined ? {} : { language },
    RedirectTo: 'http://h/admin/',
  });
  const NAMES = {
    ar: 'اتحاد الطلاب الفلسطينيين',
    en: 'Palestinian Students Union',
    tr: 'Filistinli Öğrenciler Birliği',
  };
  const sections = (html: string) =>
    [...html.matchAll(/<td lang="(ar|en|tr)" dir="(rtl|ltr)"/g)].map((m) => m[1] + ':' + m[2]);

  it.each([
    ['en', 'Reset your password · Palestinian Students Union', 'en', 'ltr'],
    ['tr', 'Şifrenizi sıfırlayın · Filistinli Öğrenciler Birliği', 'tr', 'ltr'],
    ['ar', 'إعادة تعيين كلمة المرور · اتحاد الطلاب الفلسطينيين', 'ar', 'rtl'],
  ] as const)('in %s alone when user_metadata.language says so', (language, title, lang, dir) => {
    expect(subject.execute(data(language))).toBe(title);
    const html = body.execute(data(language));
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(sections(html)).toEqual([`${lang}:${dir}`]);
    expect(html).toContain(NAMES[language]);
    for (const other of Object.keys(NAMES).filter((l) => l !== language)) {
      expect(html).not.toContain(NAMES[other as keyof typeof NAMES]);
    }
  });

  it.each([undefined, null, 5, 'fr', { nested: true }])('in all three, Arabic first, for language %j', (language) => {
    expect(subject.execute(data(language))).toBe(
      'إعادة تعيين كلمة المرور · Reset your password · Şifrenizi sıfırlayın',
    );
    const html = body.execute(data(language));
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(sections(html)).toEqual(['ar:rtl', 'en:ltr', 'tr:ltr']);
    for (const name of Object.values(NAMES)) expect(html).toContain(name);
  });

  it.each(['ar', 'en', 'tr', undefined])(
    'reads as plain text (%s) with the address bare on its own line, never in brackets',
    async (language) => {
      // The text a plain-text reader gets from this HTML-only mail: mailparser's, as the inbox's.
      const raw = `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body.execute(data(language))}`;
      const text = (await simpleParser(Buffer.from(raw))).text ?? '';
      const lines = text.split('\n').map((line) => line.trim());
      const sections = language === undefined ? 3 : 1;
      // The button's and the "copy this address" line's, in each language's section.
      expect(lines.filter((line) => line === URL_)).toHaveLength(2 * sections);
      expect(text.split(URL_)).toHaveLength(2 * sections + 1);
      expect(lines).toContain('http://127.0.0.1:5173');
      expect(text).not.toMatch(/\[https?:|https?:\/\/\S*\]/);
    },
  );

  it('links the button to the verify URL (escaped for the attribute) and names the account', () => {
    const html = body.execute(data('en'));
    const hrefs = [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs[0]!.replace(/&amp;/g, '&')).toBe(URL_);
    expect(html).toContain('sara&#43;staff@union.test');
    // Brand colours of the site (public-site/src/styles.css): green, red, the flag's black and white.
    for (const colour of ['#007a3d', '#ce1126', '#000000', '#ffffff']) expect(html).toContain(colour);
    // html/template drops HTML comments; the template's own notes are template comments.
    expect(html).not.toMatch(/<!--|\{\{|\}\}/);
  });
});
