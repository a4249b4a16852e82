/** The changelog as JSON Feed 1.1 and RSS 2.0, from the same entries. */
import { Feed } from 'feed';
import type { ChangelogEntry } from './content.js';

export interface FeedSite {
  baseUrl: string;
}

export const FEED_TITLE = 'svc partner API changelog';
export const FEED_DESCRIPTION = 'Releases of the svc partner API: new features, fixes, improvements and security changes, newest first.';

export function entryUrl(site: FeedSite, e: ChangelogEntry): string {
  return `${site.baseUrl}/changelog#${e.version.replace(/\./g, '-')}`;
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1), items newest first, with the `_service` extension. */
export function jsonFeed(site: FeedSite, entries: ChangelogEntry[]) {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: FEED_TITLE,
    home_page_url: `${site.baseUrl}/changelog`,
    feed_url: `${site.baseUrl}/api/changelog.json`,
    description: FEED_DESCRIPTION,
    language: 'en',
    authors: [{ name: 'svc', url: site.baseUrl }],
    items: entries.map((e) => ({
      id: `${site.baseUrl}/changelog/${e.version}`,
      url: entryUrl(site, e),
      title: `${e.version}: ${e.title}`,
      content_html: e.html,
      content_text: e.text,
      summary: e.text.split('\n')[0].slice(0, 280),
      date_published: `${e.date}T00:00:00Z`,
      tags: e.tags,
      _service: { version: e.version, about: 'https://jsonfeed.org/version/1.1#extensions' },
    })),
  };
}

/** RSS 2.0 with RFC 822 dates (pubDate, lastBuildDate). */
export function rssFeed(site: FeedSite, entries: ChangelogEntry[]): string {
  const newest = entries[0];
  const feed = new Feed({
    id: `${site.baseUrl}/changelog`,
    title: FEED_TITLE,
    description: FEED_DESCRIPTION,
    link: `${site.baseUrl}/changelog`,
    language: 'en',
    copyright: 'svc',
    updated: newest ? new Date(newest.date_ms) : new Date(0),
    generator: 'svc',
    feedLinks: { rss: `${site.baseUrl}/api/changelog.rss`, json: `${site.baseUrl}/api/changelog.json` },
  });
  for (const e of entries) {
    feed.addItem({
      title: `${e.version}: ${e.title}`,
      id: `${site.baseUrl}/changelog/${e.version}`,
      guid: `${site.baseUrl}/changelog/${e.version}`,
      link: entryUrl(site, e),
      date: new Date(e.date_ms),
      description: e.text.split('\n')[0].slice(0, 280),
      content: e.html,
      category: e.tags.map((t) => ({ name: t })),
    });
  }
  return feed.rss2();
}
