/** The blog API: /api/blog/categories, /api/blog/posts, /api/blog/posts/{slug}[/related] (no authentication). */
import { errorResponses } from '../../http/schemas.js';
import { categories, getPost, listPosts, relatedPosts } from '../../areas/content/blog.js';
import { content } from '../../areas/content/content.js';
import { CategoryList, Post, PostList, PostsQuery, RelatedQuery, SlugParams } from '../../areas/content/schemas.js';
import { typed, type Routes } from '../scope.js';

export const blogRoutes: Routes = async (app, { deps }) => {
  const c = content();
  // Read on each request: without PUBLIC_BASE_URL the address is known only once the server listens.
  const site = deps.publicUrl;
  const r = typed(app);

  r.get(
    '/api/blog/categories',
    { schema: { operationId: 'blogCategories', tags: ['blog'], summary: 'Blog categories with post counts', response: { 200: CategoryList } } },
    async () => categories(c),
  );

  r.get(
    '/api/blog/posts',
    {
      schema: {
        operationId: 'listBlogPosts',
        tags: ['blog'],
        summary: 'Blog posts: newest first, or ranked by relevance with q',
        description: 'q is a full-text search (every word must match; prefixes and small typos match too), best match first. category filters by category slug.',
        querystring: PostsQuery,
        response: { 200: PostList, ...errorResponses(422) },
      },
    },
    async (request) => listPosts(c, site.base, request.query),
  );

  r.get(
    '/api/blog/posts/:slug',
    {
      schema: {
        operationId: 'getBlogPost',
        tags: ['blog'],
        summary: 'One blog post with its content',
        params: SlugParams,
        response: { 200: Post, ...errorResponses(404, 422) },
      },
    },
    async (request) => getPost(c, site.base, request.params.slug),
  );

  r.get(
    '/api/blog/posts/:slug/related',
    {
      schema: {
        operationId: 'relatedBlogPosts',
        tags: ['blog'],
        summary: 'Posts sharing the category or tags of a post (never the post itself)',
        params: SlugParams,
        querystring: RelatedQuery,
        response: { 200: PostList, ...errorResponses(404, 422) },
      },
    },
    async (request) => relatedPosts(c, site.base, request.params.slug, request.query.limit),
  );
};
