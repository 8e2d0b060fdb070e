import { describe, expect, it } from 'vitest';
import { parseRobots, productToken } from './web-robots.js';

const UA = 'KnowledgeBaseBot/1.0 (+connectors)';
const allows = (robots: string, path: string, ua = UA) => parseRobots(robots, ua).allows(new URL(path, 'https://example.com'));

describe('robots.txt', () => {
  it('matches groups on the product token, case-insensitively, else falls back to *', () => {
    expect(productToken(UA)).toBe('knowledgebasebot');
    const robots = 'User-agent: *\nDisallow: /\n\nUser-agent: knowledgebasebot\nDisallow: /private\n';
    expect(allows(robots, '/public')).toBe(true);
    expect(allows(robots, '/private/x')).toBe(false);
    expect(allows(robots, '/public', 'OtherBot/2.0')).toBe(false);
  });

  it('merges the groups naming us and reads several user-agents on one group', () => {
    const robots = 'User-agent: a\nUser-agent: KnowledgeBaseBot\nDisallow: /one\n\nUser-agent: KnowledgeBaseBot\nDisallow: /two\n';
    expect(allows(robots, '/one')).toBe(false);
    expect(allows(robots, '/two')).toBe(false);
    expect(allows(robots, '/three')).toBe(true);
  });

  it('lets the longest match decide, Allow winning a tie', () => {
    const robots = 'User-agent: *\nDisallow: /docs/\nAllow: /docs/public/\nDisallow: /same\nAllow: /same\n';
    expect(allows(robots, '/docs/secret')).toBe(false);
    expect(allows(robots, '/docs/public/page')).toBe(true);
    expect(allows(robots, '/same')).toBe(true);
  });

  it('supports * and $, matches the query, and ignores an empty Disallow and comments', () => {
    const robots = 'User-agent: * # everyone\nDisallow: /*.pdf$\nDisallow: /search?\nDisallow:\n';
    expect(allows(robots, '/files/a.pdf')).toBe(false);
    expect(allows(robots, '/files/a.pdf?x=1')).toBe(true);
    expect(allows(robots, '/search?q=1')).toBe(false);
    expect(allows(robots, '/search')).toBe(true);
    expect(allows('User-agent: *\nDisallow:\n', '/anything')).toBe(true);
  });

  it('compares percent-escapes of unreserved characters as the characters', () => {
    expect(allows('User-agent: *\nDisallow: /%7Euser/\n', '/~user/page')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /~user/\n', '/%7euser/page')).toBe(false);
  });

  it('always allows /robots.txt and ignores rules outside any group', () => {
    expect(allows('Disallow: /\nUser-agent: *\nDisallow: /robots.txt\n', '/robots.txt')).toBe(true);
    expect(allows('Disallow: /\n', '/page')).toBe(true);
  });

  it('reads Crawl-delay of the chosen group in ms, capped at a minute', () => {
    expect(parseRobots('User-agent: *\nCrawl-delay: 1.5\n', UA).crawlDelayMs).toBe(1500);
    expect(parseRobots('User-agent: *\nCrawl-delay: 3600\n', UA).crawlDelayMs).toBe(60_000);
    expect(parseRobots('User-agent: *\nCrawl-delay: 5\n\nUser-agent: KnowledgeBaseBot\nDisallow: /x\n', UA).crawlDelayMs).toBeNull();
    expect(parseRobots('User-agent: *\nCrawl-delay: soon\n', UA).crawlDelayMs).toBeNull();
  });
});
