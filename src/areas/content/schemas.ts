import { Type } from 'typebox';
import { StrEnum, Str } from '../../http/schemas.js';
import { CHANGELOG_TAGS } from './content.js';

// ---------- blog ----------

export const PostSummary = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    category: Type.String(),
    category_name: Type.String(),
    tags: Type.Array(Type.String()),
    author: Type.String(),
    published_at: Type.String({ description: 'YYYY-MM-DD' }),
    reading_minutes: Type.Integer(),
    url: Type.String(),
    score: Type.Optional(Type.Number({ description: 'Search relevance (only with q)' })),
  },
  { title: 'BlogPostSummary' },
);
export const Post = Type.Object(
  { ...PostSummary.properties, content_html: Type.String(), content_markdown: Type.String() },
  { title: 'BlogPost' },
);
export const PostList = Type.Object(
  { posts: Type.Array(PostSummary), count: Type.Integer(), total: Type.Integer({ description: 'Matches before the limit' }) },
  { title: 'BlogPostList' },
);
export const PostsQuery = Type.Object({
  category: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 100 }),
});
export const SlugParams = Type.Object({ slug: Str(1, 200) });
export const RelatedQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 10, default: 3 }) });
export const CategoryList = Type.Object(
  { categories: Type.Array(Type.Object({ slug: Type.String(), name: Type.String(), count: Type.Integer() })) },
  { title: 'BlogCategories' },
);

// ---------- changelog feed ----------

const AbsoluteUrl = (description: string) => Type.String({ format: 'uri', description });

/** One release of GET /api/changelog.json (JSON Feed 1.1 item, with the `_service` extension). */
export const ChangelogFeedItem = Type.Object(
  {
    id: Type.String({ description: 'Unique and permanent: the release address' }),
    url: AbsoluteUrl('The release on the changelog page'),
    title: Type.String({ description: '`<version>: <title>`' }),
    content_html: Type.String(),
    content_text: Type.String({ description: 'The same as plain text' }),
    summary: Type.String({ description: 'The first line of content_text (at most 280 characters)' }),
    date_published: Type.String({ format: 'date-time', description: 'RFC 3339 (the release day, 00:00 UTC)' }),
    tags: Type.Array(StrEnum([...CHANGELOG_TAGS])),
    _service: Type.Object(
      {
        version: Type.String({ pattern: '^v\\d+\\.\\d+\\.\\d+$', description: 'The release, vMAJOR.MINOR.PATCH' }),
        about: AbsoluteUrl('What a JSON Feed extension is'),
      },
      { description: 'The service extension of JSON Feed' },
    ),
  },
  { title: 'ChangelogFeedItem' },
);

/** GET /api/changelog.json: a JSON Feed 1.1 document (https://jsonfeed.org/version/1.1), releases newest first. */
export const ChangelogFeed = Type.Object(
  {
    version: Type.Literal('https://jsonfeed.org/version/1.1'),
    title: Type.String(),
    home_page_url: AbsoluteUrl('The changelog page'),
    feed_url: AbsoluteUrl('This feed'),
    description: Type.String(),
    language: Type.String({ description: 'BCP 47' }),
    authors: Type.Array(Type.Object({ name: Type.String(), url: AbsoluteUrl('The service') })),
    items: Type.Array(ChangelogFeedItem, { description: 'Newest first' }),
  },
  { title: 'ChangelogFeed', description: 'JSON Feed 1.1; each item carries `_service.version`' },
);
