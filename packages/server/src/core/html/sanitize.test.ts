import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

/** Nothing a browser could run may survive: no script, handler, script URL or SVG. */
function harmless(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(/<script|<svg|<iframe|<object|<embed|<style|<math|<form|<meta|<link|<base/);
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/javascript:|vbscript:|data:|expression\(|url\(/);
}

describe('sanitizeRichText', () => {
  const payloads: [string, string, string][] = [
    ['script element', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['script in text', '<p>a<script src="//evil/x.js"></script>b</p>', '<p>ab</p>'],
    ['event handler on img', '<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['event handler on p', '<p onclick="alert(1)" onmouseover=alert(2)>t</p>', '<p>t</p>'],
    ['javascript link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['javascript link with case and entities', '<a href="JaVaScRiPt&colon;alert(1)">x</a>', '<a>x</a>'],
    ['javascript link with tab', '<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['vbscript link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['data url in a link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['data url in an image', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">', '<img />'],
    ['svg with onload', '<svg onload="alert(1)"><circle r="1"/></svg><p>ok</p>', '<p>ok</p>'],
    ['svg script', '<svg><script>alert(1)</script></svg>', ''],
    ['style element', '<style>body{background:url(javascript:alert(1))}</style><p>x</p>', '<p>x</p>'],
    ['css expression', '<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
    [
      'css url',
      '<p style="background-image: url(javascript:alert(1)); color: red">x</p>',
      '<p style="color:red">x</p>',
    ],
    ['iframe', '<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>x</p>', '<p>x</p>'],
    ['form', '<form action="https://evil"><input name="p"><button>go</button></form>', 'go'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['protocol relative image', '<img src="//evil.example/x.png">', '<img />'],
    ['unclosed attribute trick', '<img src=x onerror=alert(1)//', ''],
    ['target other than a new tab', '<a href="https://a.cn" target="_top">x</a>', '<a href="https://a.cn">x</a>'],
  ];

  it.each(payloads)('makes %s harmless', (_name, input, expected) => {
    const out = sanitizeRichText(input);
    harmless(out);
    expect(out).toBe(expected);
  });

  it('keeps what the editor writes: formatting, links, tables, images, video, files', () => {
    const html = [
      '<h2>周报</h2>',
      '<p style="text-align:center"><strong>加粗</strong><em>斜体</em><u>下划线</u><s>删除</s>',
      '<span style="color:#ff0000;font-size:18px">红字</span></p>',
      '<ul><li>一</li></ul><ol start="3"><li>二</li></ol>',
      '<a href="https://www.example.com" target="_blank">链接</a>',
      '<a href="mailto:a@b.cn">邮件</a><a href="tel:13800000000">电话</a>',
      '<table><tbody><tr><th colspan="2">表头</th></tr><tr><td>1</td><td rowspan="1">2</td></tr></tbody></table>',
      '<img src="/api/file/view/abcdefghijklmnopqrstuv" alt="图" width="100">',
      '<video src="/api/file/view/abcdefghijklmnopqrstuw" controls width="420" height="280"></video>',
      '<a href="/api/file/download/abcdefghijklmnopqrstux" data-file="1">附件.pdf</a>',
    ].join('');
    const out = sanitizeRichText(html);
    expect(out).toContain('<h2>周报</h2>');
    expect(out).toContain('<p style="text-align:center"><strong>加粗</strong><em>斜体</em><u>下划线</u><s>删除</s>');
    expect(out).toContain('<span style="color:#ff0000;font-size:18px">红字</span>');
    expect(out).toContain('<ol start="3">');
    expect(out).toContain('<a href="https://www.example.com" target="_blank" rel="noopener noreferrer">链接</a>');
    expect(out).toContain('<a href="mailto:a@b.cn">邮件</a><a href="tel:13800000000">电话</a>');
    expect(out).toContain('<th colspan="2">表头</th>');
    expect(out).toContain('<img src="/api/file/view/abcdefghijklmnopqrstuv" alt="图" width="100" />');
    expect(out).toContain('<video src="/api/file/view/abcdefghijklmnopqrstuw" controls width="420" height="280">');
    expect(out).toContain('<a href="/api/file/download/abcdefghijklmnopqrstux" data-file="1">附件.pdf</a>');
  });
});
