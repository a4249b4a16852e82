/** Blog reads over the in-memory content (search: MiniSearch, ranked; see docs/public.md). */
import { errors } from '../../http/errors.js';
import type { BlogPost, Content } from './content.js';

export function postSummary(p: BlogPost, baseUrl: string, score?: number) {
  return {
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    category: p.category,
    category_name: p.category_name,
    tags: p.tags,
    author: p.author,
    published_at: p.published_at,
    reading_minutes: p.reading_minutes,
    url: `${baseUrl}/blog/${p.slug}`,
    ...(score !== undefined ? { score: Math.round(score * 1000) / 1000 } : {}),
  };
}

export function categories(c: Content) {
  const by = new Map<string, { slug: string; name: string; count: number }>();
  for (const p of c.posts) {
    const cur = by.get(p.category) ?? { slug: p.category, name: p.category_name, count: 0 };
    cur.count++;
    by.set(p.category, cur);
  }
  return { categories: [...by.values()].sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug)) };
}

/**
 * Without q: newest first. With q: best match first (MiniSearch BM25+ over title,
 * tags, summary, category and body, with prefix and light fuzzy matching; every
 * term must match), ties newest first. The category filter applies to both.
 */
export function listPosts(c: Content, baseUrl: string, query: { category?: string; q?: string; limit: number }) {
  const q = query.q?.trim() ?? '';
  let ranked: { post: BlogPost; score?: number }[];
  if (q) {
    const hits = c.search.search(q);
    ranked = hits
      .map((h) => ({ post: c.postsBySlug.get(String(h.id))!, score: h.score }))
      .filter((h) => h.post)
      .sort((a, b) => b.score - a.score || b.post.published_ms - a.post.published_ms);
  } else {
    ranked = c.posts.map((post) => ({ post }));
  }
  if (query.category) ranked = ranked.filter((r) => r.post.category === query.category);
  const page = ranked.slice(0, query.limit);
  return { posts: page.map((r) => postSummary(r.post, baseUrl, r.score)), count: page.length, total: ranked.length };
}

export function getPost(c: Content, baseUrl: string, slug: string) {
  const p = c.postsBySlug.get(slug);
  if (!p) throw errors.notFound(`No blog post '${slug}'`);
  return { ...postSummary(p, baseUrl), content_html: p.html, content_markdown: p.markdown };
}

/**
 * Related posts: 3 points for the same category plus 2 per shared tag; posts with
 * nothing in common are not related. Ties newest first. Never the post itself.
 */
export function relatedPosts(c: Content, baseUrl: string, slug: string, limit: number) {
  const p = c.postsBySlug.get(slug);
  if (!p) throw errors.notFound(`No blog post '${slug}'`);
  const tags = new Set(p.tags);
  const scored = c.posts
    .filter((o) => o.slug !== p.slug)
    .map((o) => ({ post: o, score: (o.category === p.category ? 3 : 0) + 2 * o.tags.filter((t) => tags.has(t)).length }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || b.post.published_ms - a.post.published_ms);
  const page = scored.slice(0, limit);
  return { posts: page.map((s) => postSummary(s.post, baseUrl, s.score)), count: page.length, total: scored.length };
}

/** Every public page, for the sitemap and IndexNow. */
export function sitemapEntries(c: Content, baseUrl: string): { loc: string; lastmod?: string }[] {
  const newestPost = c.posts[0]?.published_at;
  const newestRelease = c.changelog[0]?.date;
  return [
    { loc: `${baseUrl}/api/v1/integration-guide`, lastmod: c.guide.updated },
    { loc: `${baseUrl}/api/v1/integration-guide.html`, lastmod: c.guide.updated },
    { loc: `${baseUrl}/api/v1/integration-guide.pdf`, lastmod: c.guide.updated },
    { loc: `${baseUrl}/api/v1/integration-guide.md`, lastmod: c.guide.updated },
    { loc: `${baseUrl}/api/docs` },
    { loc: `${baseUrl}/changelog`, lastmod: newestRelease },
    { loc: `${baseUrl}/blog`, lastmod: newestPost },
    ...c.posts.map((p) => ({ loc: `${baseUrl}/blog/${p.slug}`, lastmod: p.published_at })),
  ];
}

export function sitemapXml(entries: { loc: string; lastmod?: string }[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const urls = entries.map((e) => `  <url><loc>${esc(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
