/**
 * Server-rendered pages: the integration guide (viewer and standalone file), the
 * guide as PDF, and the plain HTML pages behind the blog and changelog URLs that
 * feeds, the sitemap and IndexNow point at. No page loads anything from another
 * origin: styles are inline, there are no scripts, fonts or images.
 */
import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { Lexer, type Token, type Tokens } from 'marked';
import type { BlogPost, ChangelogEntry, Guide } from './content.js';

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const CSS = `
:root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#fff;--code:#f6f8fa;--accent:#0b5cad}
*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}main{max-width:860px;padding:24px 32px 64px}h1,h2,h3,h4{line-height:1.25;margin:1.6em 0 .6em}h1{font-size:2em;margin-top:.4em}
h2{border-bottom:1px solid var(--line);padding-bottom:.3em}code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);padding:.1em .3em;border-radius:4px}
pre{background:var(--code);padding:12px 16px;overflow:auto;border-radius:6px;border:1px solid var(--line)}pre code{padding:0;background:none}
table{border-collapse:collapse;margin:1em 0;display:block;overflow:auto}th,td{border:1px solid var(--line);padding:6px 10px;text-align:left;vertical-align:top}th{background:var(--code)}
blockquote{margin:1em 0;padding:0 1em;color:var(--muted);border-left:4px solid var(--line)}.meta{color:var(--muted);font-size:.9em}
.layout{display:flex;align-items:flex-start}nav.toc{position:sticky;top:0;max-height:100vh;overflow:auto;width:280px;flex:none;padding:24px 16px;border-right:1px solid var(--line);font-size:.9em}
nav.toc ul{list-style:none;padding-left:0;margin:0}nav.toc li{margin:.25em 0}nav.toc li.d3{padding-left:1em}nav.toc a{text-decoration:none;color:var(--fg)}nav.toc a:hover{color:var(--accent)}
.formats a{margin-right:.8em}.tag{display:inline-block;background:var(--code);border:1px solid var(--line);border-radius:10px;padding:0 .5em;font-size:.8em;margin-right:.3em}
@media (max-width:900px){.layout{display:block}nav.toc{position:static;width:auto;max-height:none;border-right:0;border-bottom:1px solid var(--line)}}
@media print{nav.toc,.formats{display:none}main{max-width:none}}
`;

/** The pages' Content-Security-Policy: the one inline style block (by its hash), nothing else. */
export const PAGE_CSP = {
  'style-src': [`'sha256-${createHash('sha256').update(CSS).digest('base64')}'`],
  'img-src': ["'self'", 'data:'],
};

function page(title: string, body: string, opts: { description?: string; canonical?: string } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${opts.description ? `<meta name="description" content="${escapeHtml(opts.description)}">\n` : ''}${opts.canonical ? `<link rel="canonical" href="${escapeHtml(opts.canonical)}">\n` : ''}<style>${CSS}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function toc(guide: Guide): string {
  const items = guide.headings
    .filter((h) => h.depth === 2 || h.depth === 3)
    .map((h) => `<li class="d${h.depth}"><a href="#${h.id}">${escapeHtml(h.text)}</a></li>`)
    .join('\n');
  return `<nav class="toc" aria-label="Contents"><strong>${escapeHtml(guide.title)}</strong><p class="meta">Revision ${escapeHtml(guide.revision)} · ${escapeHtml(guide.updated)}</p><ul>\n${items}\n</ul></nav>`;
}

/** The viewer: navigation, the guide, links to the other formats (same origin). */
export function guideViewer(guide: Guide, prefix: string): string {
  const formats = `<p class="formats meta">Download: <a href="${prefix}/integration-guide.md">Markdown</a><a href="${prefix}/integration-guide.html">HTML (single file)</a><a href="${prefix}/integration-guide.pdf">PDF</a></p>`;
  return page(`${guide.title} (${guide.revision})`, `<div class="layout">${toc(guide)}<main>${formats}\n${guide.html}</main></div>`, {
    description: 'How to integrate with the svc partner API: keys, environments, calculate, ingest, webhooks, usage, reports, sandbox, errors and limits.',
  });
}

/** A single self-contained file: inline styles, no links to other resources. */
export function guideStandalone(guide: Guide): string {
  return page(`${guide.title} (${guide.revision})`, `<div class="layout">${toc(guide)}<main><p class="meta">Revision ${escapeHtml(guide.revision)} · updated ${escapeHtml(guide.updated)}</p>\n${guide.html}</main></div>`);
}

export function blogIndexPage(posts: BlogPost[], baseUrl: string): string {
  const items = posts
    .map(
      (p) =>
        `<article><h2><a href="/blog/${p.slug}">${escapeHtml(p.title)}</a></h2><p class="meta">${p.published_at} · ${escapeHtml(p.category_name)} · ${p.reading_minutes} min read</p><p>${escapeHtml(p.summary)}</p></article>`,
    )
    .join('\n');
  return page('Blog · svc partner API', `<main><h1>Blog</h1>\n${items}</main>`, { canonical: `${baseUrl}/blog`, description: 'Articles on safe-to-spend, webhooks, sandbox testing, usage billing and data protection.' });
}

export function blogPostPage(p: BlogPost, baseUrl: string): string {
  const tags = p.tags.map((t) => `<span class="tag">${escapeHtml(t)}</span>`).join('');
  return page(
    `${p.title} · svc blog`,
    `<main><p class="meta"><a href="/blog">Blog</a> · ${escapeHtml(p.category_name)}</p><h1>${escapeHtml(p.title)}</h1><p class="meta">${p.published_at} · ${escapeHtml(p.author)} · ${p.reading_minutes} min read</p><p>${tags}</p>\n${p.html}</main>`,
    { canonical: `${baseUrl}/blog/${p.slug}`, description: p.summary },
  );
}

export function changelogPage(entries: ChangelogEntry[], baseUrl: string): string {
  const items = entries
    .map(
      (e) =>
        `<section id="${e.version.replace(/\./g, '-')}"><h2>${escapeHtml(e.version)}: ${escapeHtml(e.title)}</h2><p class="meta">${e.date} ${e.tags.map((t) => `<span class="tag">${escapeHtml(t)}</span>`).join('')}</p>\n${e.html}</section>`,
    )
    .join('\n');
  return page('Changelog · svc partner API', `<main><h1>Changelog</h1><p class="meta">Feeds: <a href="/api/changelog.json">JSON Feed</a> · <a href="/api/changelog.rss">RSS</a></p>\n${items}</main>`, {
    canonical: `${baseUrl}/changelog`,
  });
}

// ---------------- PDF ----------------

/** The PDF standard fonts are WinAnsi: map the few characters they lack. */
export function pdfText(s: string): string {
  return s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2014/g, '--')
    .replace(/\u2013/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u2192/g, '->')
    .replace(/\u2264/g, '<=')
    .replace(/\u2265/g, '>=')
    .replace(/\u00b7/g, '-')
    .replace(/\u2212/g, '-')
    .replace(/\u00d7/g, 'x')
    .replace(/\u2022/g, '-')
    .replace(/[^\t\n\r\x20-\x7e\u00a0-\u00ff]/g, '?');
}

function inlineText(tokens: Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback;
  return tokens
    .map((t) => {
      if ('tokens' in t && Array.isArray(t.tokens) && t.type !== 'codespan') return inlineText(t.tokens, (t as Tokens.Text).text ?? '');
      if (t.type === 'br') return '\n';
      const raw = (t as Tokens.Text).text ?? t.raw;
      return raw.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
    })
    .join('');
}

/** Renders the guide's markdown to a real PDF (headings, paragraphs, lists, tables, code). */
export function guidePdf(guide: Guide): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: { Title: `${guide.title} (${guide.revision})`, Author: 'svc', Subject: 'Partner integration guide', CreationDate: new Date(`${guide.updated}T00:00:00Z`) },
    compress: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;
  const sizes: Record<number, number> = { 1: 22, 2: 16, 3: 13, 4: 12 };

  doc.font('Helvetica').fontSize(9).fillColor('#57606a').text(`Revision ${guide.revision} - ${guide.updated}`, { width });
  doc.moveDown(0.5);

  const render = (tokens: Token[], indent = 0) => {
    for (const t of tokens) {
      switch (t.type) {
        case 'heading': {
          const h = t as Tokens.Heading;
          if (h.depth === 2 && doc.y > doc.page.height - 180) doc.addPage();
          doc.moveDown(0.6).font('Helvetica-Bold').fontSize(sizes[h.depth] ?? 11).fillColor('#1b1f24');
          doc.text(pdfText(inlineText(h.tokens, h.text)), 56 + indent, doc.y, { width: width - indent });
          doc.moveDown(0.3);
          break;
        }
        case 'paragraph': {
          const p = t as Tokens.Paragraph;
          doc.font('Helvetica').fontSize(10.5).fillColor('#1b1f24').text(pdfText(inlineText(p.tokens, p.text)), 56 + indent, doc.y, { width: width - indent });
          doc.moveDown(0.5);
          break;
        }
        case 'code': {
          const c = t as Tokens.Code;
          doc.font('Courier').fontSize(8.5).fillColor('#24292f');
          const text = pdfText(c.text);
          const h = doc.heightOfString(text, { width: width - indent - 16 });
          if (doc.y + h + 12 > doc.page.height - 56 && h < doc.page.height - 160) doc.addPage();
          const top = doc.y;
          if (h + 12 < doc.page.height - 112) doc.rect(56 + indent, top, width - indent, h + 12).fill('#f6f8fa');
          doc.fillColor('#24292f').text(text, 64 + indent, top + 6, { width: width - indent - 16 });
          doc.moveDown(0.8);
          doc.x = 56;
          break;
        }
        case 'list': {
          const l = t as Tokens.List;
          l.items.forEach((item, i) => {
            const bullet = l.ordered ? `${(Number(l.start) || 1) + i}.` : '-';
            const first = item.tokens.find((x) => x.type === 'text' || x.type === 'paragraph') as Tokens.Text | undefined;
            const text = first ? inlineText(first.tokens, first.text) : item.text;
            doc.font('Helvetica').fontSize(10.5).fillColor('#1b1f24').text(`${bullet} ${pdfText(text)}`, 66 + indent, doc.y, { width: width - indent - 10 });
            const rest = item.tokens.filter((x) => x !== first);
            if (rest.length) render(rest, indent + 14);
          });
          doc.moveDown(0.5);
          break;
        }
        case 'table': {
          const tb = t as Tokens.Table;
          const cols = tb.header.length;
          const colW = (width - indent) / cols;
          const row = (cells: Tokens.TableCell[], bold: boolean) => {
            doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
            const texts = cells.map((c) => pdfText(inlineText(c.tokens, c.text)));
            const h = Math.max(...texts.map((s) => doc.heightOfString(s, { width: colW - 8 }))) + 6;
            if (doc.y + h > doc.page.height - 56) doc.addPage();
            const top = doc.y;
            texts.forEach((s, i) => {
              doc.fillColor('#1b1f24').text(s, 56 + indent + i * colW + 4, top + 3, { width: colW - 8 });
            });
            doc.moveTo(56 + indent, top + h).lineTo(56 + width, top + h).strokeColor('#d0d7de').stroke();
            doc.y = top + h;
          };
          row(tb.header, true);
          for (const r of tb.rows) row(r, false);
          doc.x = 56;
          doc.moveDown(0.8);
          break;
        }
        case 'blockquote': {
          const b = t as Tokens.Blockquote;
          render(b.tokens, indent + 12);
          break;
        }
        case 'hr':
          doc.moveDown(0.5);
          break;
        case 'space':
          break;
        default: {
          const raw = (t as Tokens.Generic).text ?? '';
          if (raw.trim()) doc.font('Helvetica').fontSize(10.5).text(pdfText(raw), 56 + indent, doc.y, { width: width - indent });
        }
      }
    }
  };
  render(new Lexer({ gfm: true }).lex(guide.markdown));
  doc.end();
  return done;
}
