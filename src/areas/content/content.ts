/**
 * Public content is data, not code: blog posts, changelog entries and the
 * integration guide are markdown files in `content/`, read once at start,
 * validated (a malformed file stops the start with a clear message) and kept in
 * memory with their rendered forms.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { Marked } from 'marked';
import MiniSearch from 'minisearch';
import { compareSemver, isSemver } from '../../domain/semver.js';

export interface BlogPost {
  slug: string;
  title: string;
  summary: string;
  category: string;
  category_name: string;
  tags: string[];
  author: string;
  published_at: string; // YYYY-MM-DD
  published_ms: number;
  reading_minutes: number;
  markdown: string;
  html: string;
  text: string;
}

export interface ChangelogEntry {
  version: string;
  title: string;
  date: string; // YYYY-MM-DD
  date_ms: number;
  tags: string[];
  markdown: string;
  html: string;
  text: string;
}

export interface Heading {
  depth: number;
  text: string;
  id: string;
}

export interface Guide {
  revision: string;
  title: string;
  updated: string;
  markdown: string;
  /** The body as HTML, with ids on every heading. */
  html: string;
  headings: Heading[];
}

export interface Content {
  dir: string;
  posts: BlogPost[]; // newest first
  postsBySlug: Map<string, BlogPost>;
  search: MiniSearch<BlogPost>;
  changelog: ChangelogEntry[]; // newest first
  guide: Guide;
}

export const CHANGELOG_TAGS = ['feature', 'fix', 'improvement', 'security', 'deprecation', 'breaking'] as const;

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export class ContentError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'ContentError';
  }
}

/** The content folder: the nearest `content/` above this module holding the integration guide. */
export function findContentDir(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'content');
    if (existsSync(path.join(candidate, 'integration-guide.md'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('content/ folder not found (looked for content/integration-guide.md above ' + start + ')');
    dir = parent;
  }
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Plain text of a markdown fragment (for feeds, search and excerpts). */
export function markdownToText(md: string): string {
  return md
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```[^\n]*\n?/g, ''))
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/[*_]{1,3}([^*_]+)[*_]{1,3}/g, '$1')
    .replace(/^\|?[-:| ]+\|?$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A markdown renderer that gives every heading a unique id and collects them. */
function renderWithHeadings(md: string): { html: string; headings: Heading[] } {
  const headings: Heading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(token) {
        const text = this.parser.parseInline(token.tokens);
        const plain = token.text.replace(/`/g, '');
        let id = slugify(plain) || 'section';
        const n = used.get(id) ?? 0;
        used.set(id, n + 1);
        if (n > 0) id = `${id}-${n}`;
        headings.push({ depth: token.depth, text: plain, id });
        return `<h${token.depth} id="${id}">${text}</h${token.depth}>\n`;
      },
      code(token) {
        const lang = (token.lang ?? '').split(/\s+/)[0];
        const cls = lang ? ` class="language-${escapeHtml(lang)}"` : '';
        return `<pre><code${cls}>${escapeHtml(token.text)}</code></pre>\n`;
      },
    },
  });
  const html = marked.parse(md, { async: false });
  return { html, headings };
}

export function renderMarkdown(md: string): string {
  return renderWithHeadings(md).html;
}

function asDay(file: string, field: string, v: unknown, rawMatter: string): { day: string; ms: number } {
  let day: string | null = null;
  // YAML turns 2026-02-30 into 2 March: read the date as it is written.
  const raw = new RegExp(`^${field}:\\s*['"]?(\\d{4}-\\d{2}-\\d{2})['"]?\\s*$`, 'm').exec(rawMatter);
  if (raw) day = raw[1];
  else if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) day = v;
  if (!day) throw new ContentError(file, `front matter "${field}" must be a date YYYY-MM-DD`);
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) throw new ContentError(file, `"${field}" is not a real date: ${day}`);
  return { day, ms };
}

function asString(file: string, field: string, v: unknown, opts: { optional?: boolean; max?: number } = {}): string {
  if (v === undefined || v === null) {
    if (opts.optional) return '';
    throw new ContentError(file, `front matter "${field}" is required`);
  }
  if (typeof v !== 'string' || v.trim() === '') throw new ContentError(file, `front matter "${field}" must be a non-empty string`);
  if (opts.max && v.length > opts.max) throw new ContentError(file, `front matter "${field}" is longer than ${opts.max}`);
  return v.trim();
}

function asTags(file: string, v: unknown): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((t) => typeof t !== 'string' || !SLUG_RE.test(t))) {
    throw new ContentError(file, 'front matter "tags" must be a list of lower-case slugs');
  }
  return [...new Set(v as string[])];
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && !f.startsWith('_'))
    .sort();
}

export function loadPosts(dir: string): BlogPost[] {
  const posts: BlogPost[] = [];
  const seen = new Set<string>();
  for (const f of markdownFiles(dir)) {
    const file = path.join(dir, f);
    const parsed = matter(readFileSync(file, 'utf8'), { excerpt: false });
    const d = parsed.data as Record<string, unknown>;
    const slug = typeof d.slug === 'string' ? d.slug : f.replace(/\.md$/, '').replace(/^\d{4}-\d{2}-\d{2}-/, '');
    if (!SLUG_RE.test(slug)) throw new ContentError(file, `slug "${slug}" must be lower-case words joined by hyphens`);
    if (seen.has(slug)) throw new ContentError(file, `duplicate slug "${slug}"`);
    seen.add(slug);
    const category = asString(file, 'category', d.category, { max: 60 });
    if (!SLUG_RE.test(category)) throw new ContentError(file, 'front matter "category" must be a lower-case slug');
    const date = asDay(file, 'date', d.date, parsed.matter);
    const body = parsed.content.trim();
    if (body.length < 200) throw new ContentError(file, 'the article body is too short to publish');
    const text = markdownToText(body);
    const words = text.split(/\s+/).filter(Boolean).length;
    posts.push({
      slug,
      title: asString(file, 'title', d.title, { max: 200 }),
      summary: asString(file, 'summary', d.summary, { max: 400 }),
      category,
      category_name: asString(file, 'category_name', d.category_name, { optional: true }) || category.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()),
      tags: asTags(file, d.tags),
      author: asString(file, 'author', d.author, { optional: true }) || 'The svc team',
      published_at: date.day,
      published_ms: date.ms,
      reading_minutes: Math.max(1, Math.round(words / 220)),
      markdown: body,
      html: renderMarkdown(body),
      text,
    });
  }
  // Newest first; the slug breaks ties so the order is stable.
  return posts.sort((a, b) => b.published_ms - a.published_ms || a.slug.localeCompare(b.slug));
}

export function loadChangelog(dir: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  const seen = new Set<string>();
  for (const f of markdownFiles(dir)) {
    const file = path.join(dir, f);
    const parsed = matter(readFileSync(file, 'utf8'), { excerpt: false });
    const d = parsed.data as Record<string, unknown>;
    const version = asString(file, 'version', d.version);
    if (!isSemver(version)) throw new ContentError(file, `version "${version}" must be vMAJOR.MINOR.PATCH`);
    if (seen.has(version)) throw new ContentError(file, `duplicate version ${version}`);
    seen.add(version);
    const tags = asTags(file, d.tags);
    const unknown = tags.filter((t) => !(CHANGELOG_TAGS as readonly string[]).includes(t));
    if (unknown.length) throw new ContentError(file, `unknown changelog tags: ${unknown.join(', ')} (use ${CHANGELOG_TAGS.join(', ')})`);
    const date = asDay(file, 'date', d.date, parsed.matter);
    const body = parsed.content.trim();
    entries.push({
      version,
      title: asString(file, 'title', d.title, { max: 200 }),
      date: date.day,
      date_ms: date.ms,
      tags,
      markdown: body,
      html: renderMarkdown(body),
      text: markdownToText(body),
    });
  }
  entries.sort((a, b) => compareSemver(b.version, a.version));
  // Newer versions must not be dated before older ones: the history reads forwards.
  for (let i = 1; i < entries.length; i++) {
    if (entries[i].date_ms > entries[i - 1].date_ms) {
      throw new ContentError(dir, `${entries[i].version} is dated after ${entries[i - 1].version}`);
    }
  }
  return entries;
}

export function loadGuide(file: string): Guide {
  const parsed = matter(readFileSync(file, 'utf8'), { excerpt: false });
  const d = parsed.data as Record<string, unknown>;
  const revision = asString(file, 'revision', d.revision);
  // The markdown is also served alone, without its front matter: the text itself must say which revision it is.
  const stated = new RegExp(`\\bRevision ${revision.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w]|\\.\\d)`);
  if (!stated.test(parsed.content)) throw new ContentError(file, `the text does not state its revision ("Revision ${revision}")`);
  const { html, headings } = renderWithHeadings(parsed.content);
  return {
    revision,
    title: asString(file, 'title', d.title),
    updated: asDay(file, 'updated', d.updated, parsed.matter).day,
    markdown: parsed.content.trim() + '\n',
    html,
    headings,
  };
}

export function buildSearchIndex(posts: BlogPost[]): MiniSearch<BlogPost> {
  const index = new MiniSearch<BlogPost>({
    idField: 'slug',
    fields: ['title', 'summary', 'tagText', 'category', 'text'],
    storeFields: ['slug'],
    extractField: (doc, field) => {
      if (field === 'tagText') return doc.tags.join(' ').replace(/-/g, ' ');
      if (field === 'category') return doc.category.replace(/-/g, ' ');
      return (doc as unknown as Record<string, string>)[field];
    },
    searchOptions: {
      boost: { title: 4, tagText: 3, summary: 2, category: 1.5, text: 1 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'AND',
    },
  });
  index.addAll(posts);
  return index;
}

export function loadContent(dir = findContentDir()): Content {
  const posts = loadPosts(path.join(dir, 'blog'));
  const changelog = loadChangelog(path.join(dir, 'changelog'));
  const guide = loadGuide(path.join(dir, 'integration-guide.md'));
  return {
    dir,
    posts,
    postsBySlug: new Map(posts.map((p) => [p.slug, p])),
    search: buildSearchIndex(posts),
    changelog,
    guide,
  };
}

let cached: Content | null = null;

/** The content of this process, read once. */
export function content(): Content {
  if (!cached) cached = loadContent();
  return cached;
}
