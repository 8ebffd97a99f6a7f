// The allow-list with hostile bodies: whatever staff (or someone with a stolen session) store, a
// page gets only paragraphs, headings, lists, quotes, emphasis and safe links.
import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './richText';

describe('sanitizeRichText', () => {
  it('keeps what the editor makes', () => {
    const html =
      '<h2>Title</h2><p>A <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> word.<br />Line</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>Quote</p></blockquote><p><a href="/contact">form</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['a script element, with its text', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['an event handler', '<p onclick="alert(1)" onmouseover="x()">Hi</p>', '<p>Hi</p>'],
    ['an img with onerror', '<p><img src=x onerror="alert(1)">Hi</p>', '<p>Hi</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link hidden by case and entities', '<a href="JaVaScRiPt&#58;alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link hidden by whitespace', '<a href=" \tjavascript:alert(1)">x</a>', '<a>x</a>'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['a protocol-relative link', '<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['a style attribute', '<p style="position:fixed;inset:0;background:url(javascript:x)">Hi</p>', '<p>Hi</p>'],
    ['a style element', '<style>body{display:none}</style><p>Hi</p>', '<p>Hi</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>Hi</p>', '<p>Hi</p>'],
    ['an SVG with script', '<svg onload="alert(1)"><script>alert(1)</script></svg><p>Hi</p>', '<p>Hi</p>'],
    ['an SVG with a javascript: link', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', ''],
    ['MathML', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['an object and an embed', '<object data="x.swf"></object><embed src="x.swf"><p>Hi</p>', '<p>Hi</p>'],
    ['a form', '<form action="https://evil.example"><input name="p"><button>Go</button></form>', 'Go'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>Hi</p>', '<p>Hi</p>'],
    ['a base tag', '<base href="https://evil.example/"><p>Hi</p>', '<p>Hi</p>'],
    ['a target attribute', '<a href="/x" target="_blank">x</a>', '<a href="/x">x</a>'],
    ['class and id attributes', '<p class="fixed inset-0" id="main">Hi</p>', '<p>Hi</p>'],
    ['an unclosed tag trick', '<p>Hi<scr<script>ipt>alert(1)</script></p>', '<p>Hiipt&gt;alert(1)</p>'],
    ['a comment', '<!-- <script>alert(1)</script> --><p>Hi</p>', '<p>Hi</p>'],
    ['a template', '<template><script>alert(1)</script></template><p>Hi</p>', '<p>Hi</p>'],
  ])('removes %s', (_what, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('marks links to other sites noopener noreferrer and keeps mail and phone links', () => {
    expect(sanitizeRichText('<a href="https://example.org" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:board@union.example">m</a><a href="tel:+90">t</a>')).toBe(
      '<a href="mailto:board@union.example">m</a><a href="tel:+90">t</a>',
    );
  });

  it('makes relative links absolute against a base, and still refuses javascript: there', () => {
    expect(
      sanitizeRichText('<a href="/contact">c</a><a href="javascript:alert(1)">j</a>', 'https://union.example/en/'),
    ).toBe('<a href="https://union.example/contact" rel="noopener noreferrer">c</a><a>j</a>');
  });

  it('turns a heading the page already has (h1) into h2', () => {
    expect(sanitizeRichText('<h1>Big</h1>')).toBe('<h2>Big</h2>');
  });

  it('escapes text so that it stays text', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; "3"</p>')).toBe('<p>1 &lt; 2 &amp; "3"</p>');
  });
});

describe('richTextToPlain', () => {
  it('keeps the words and nothing of scripts or styles', () => {
    expect(richTextToPlain('<h2>Hello</h2><p>dear <b>members</b></p><script>evil()</script><style>x{}</style>')).toBe(
      'Hellodear members',
    );
  });
});
