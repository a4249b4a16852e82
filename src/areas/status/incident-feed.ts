/**
 * The incidents feed (Atom 1.0 and RSS 2.0, from the same entries): one entry per incident update,
 * newest first, each linking to that update on the status page (`/status#<update id>`).
 *
 * Titles and messages are written by administrators and read by anyone's feed reader: every text is
 * HTML-escaped (the `feed` package puts titles and contents in CDATA sections as HTML, and splits only
 * the first `]]>` of a section; escaped text has no `>` at all) and characters XML 1.0 cannot carry
 * (lone surrogates, U+FFFE, U+FFFF) are dropped.
 */
import { Feed } from 'feed';

export interface FeedUpdate {
  id: string;
  at: number;
  status: string;
  message: string;
  incident_id: string;
  title: string;
  impact: string;
  /** Names of the components the incident affects. */
  components: string[];
  started_at: number;
  resolved_at: number | null;
}

export interface IncidentFeedSite {
  baseUrl: string;
  /** When the feed was built: its `updated` instant when it has no entry. */
  now: number;
}

export const INCIDENT_FEED_TITLE = 'svc partner API status: incidents';
export const INCIDENT_FEED_DESCRIPTION = 'Incidents of the svc partner API and every update posted on them, newest first.';
export const INCIDENT_FEED_PATHS = { atom: '/api/platform/incidents.atom', rss: '/api/platform/incidents.rss' } as const;

const STATUS_LABEL: Record<string, string> = { investigating: 'Investigating', identified: 'Identified', monitoring: 'Monitoring', resolved: 'Resolved' };
const IMPACT_LABEL: Record<string, string> = { none: 'No impact', minor: 'Minor impact', major: 'Major impact', critical: 'Critical impact' };

// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as HTML that any XML section can hold. */
export function feedText(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function utc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function updateLink(site: IncidentFeedSite, u: Pick<FeedUpdate, 'id'>): string {
  return `${site.baseUrl}/status#${u.id}`;
}

export function entryTitle(u: FeedUpdate): string {
  return `${u.title}: ${STATUS_LABEL[u.status] ?? u.status}`;
}

function entryFacts(u: FeedUpdate): string {
  const facts = [IMPACT_LABEL[u.impact] ?? u.impact];
  if (u.components.length > 0) facts.push(`Affects ${u.components.join(', ')}`);
  facts.push(`Started ${utc(u.started_at)}`);
  if (u.resolved_at !== null) facts.push(`Resolved ${utc(u.resolved_at)}`);
  return facts.join(' · ');
}

function incidentFeed(site: IncidentFeedSite, updates: FeedUpdate[]): Feed {
  const newest = updates[0];
  const feed = new Feed({
    id: `${site.baseUrl}/status`,
    title: INCIDENT_FEED_TITLE,
    description: INCIDENT_FEED_DESCRIPTION,
    link: `${site.baseUrl}/status`,
    language: 'en',
    copyright: 'svc',
    updated: new Date(newest ? newest.at : site.now),
    generator: 'svc',
    feedLinks: { atom: `${site.baseUrl}${INCIDENT_FEED_PATHS.atom}`, rss: `${site.baseUrl}${INCIDENT_FEED_PATHS.rss}` },
  });
  for (const u of updates) {
    const link = updateLink(site, u);
    feed.addItem({
      title: feedText(entryTitle(u)),
      id: link,
      guid: link,
      link,
      date: new Date(u.at),
      published: new Date(u.at),
      description: feedText(u.message),
      content: `<p>${feedText(u.message)}</p><p>${feedText(entryFacts(u))}</p>`,
    });
  }
  return feed;
}

export function incidentAtom(site: IncidentFeedSite, updates: FeedUpdate[]): string {
  return incidentFeed(site, updates).atom1();
}

export function incidentRss(site: IncidentFeedSite, updates: FeedUpdate[]): string {
  return incidentFeed(site, updates).rss2();
}
