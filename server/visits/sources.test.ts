import { sourceName, sourceOf } from './sources.ts';

const OWN = ['staffing.example', 'www.staffing.example'];

describe('sourceOf', () => {
  it.each([
    // Campaign tags first, whatever the referrer.
    ['https://www.google.com/', '?utm_source=flyer', 'campaign', 'flyer', ''],
    ['', '?utm_source=Flyer&utm_campaign=Spring 2026', 'campaign', 'flyer', 'spring-2026'],
    ['', '?ref=QR', 'campaign', 'qr', ''],
    ['', '?utm_source=&ref=poster', 'campaign', 'poster', ''],
    ['', '?utm_campaign=spring', 'campaign', '', 'spring'],
    ['', '?utm_source=%F0%9F%98%80%3C%3E', 'direct', '', ''],
    ['https://www.bing.com/', '?utm_source=!!!', 'search', 'bing', ''],
    ['', `?utm_source=${'a'.repeat(60)}`, 'campaign', 'a'.repeat(40), ''],
    ['', '?utm_source=<script>x', 'campaign', 'scriptx', ''],
    // Search.
    ['https://www.google.com/', '', 'search', 'google', ''],
    ['https://www.google.co.uk/', '', 'search', 'google', ''],
    ['https://google.com.mx/search?q=x', '', 'search', 'google', ''],
    ['android-app://com.google.android.googlequicksearchbox/', '', 'search', 'google', ''],
    ['https://www.bing.com/search?q=staff', '', 'search', 'bing', ''],
    ['https://duckduckgo.com/', '', 'search', 'duckduckgo', ''],
    ['https://search.yahoo.com/', '', 'search', 'yahoo', ''],
    ['https://www.ecosia.org/', '', 'search', 'ecosia', ''],
    ['https://search.brave.com/', '', 'search', 'brave', ''],
    ['https://www.baidu.com/', '', 'search', 'baidu', ''],
    ['https://yandex.ru/', '', 'search', 'yandex', ''],
    ['https://www.startpage.com/', '', 'search', 'startpage', ''],
    // Social.
    ['https://l.facebook.com/l.php?u=x', '', 'social', 'facebook', ''],
    ['https://lm.facebook.com/', '', 'social', 'facebook', ''],
    ['https://m.facebook.com/', '', 'social', 'facebook', ''],
    ['https://www.instagram.com/', '', 'social', 'instagram', ''],
    ['https://t.co/abc', '', 'social', 'twitter', ''],
    ['https://x.com/', '', 'social', 'twitter', ''],
    ['https://www.linkedin.com/', '', 'social', 'linkedin', ''],
    ['https://lnkd.in/x', '', 'social', 'linkedin', ''],
    ['https://www.tiktok.com/', '', 'social', 'tiktok', ''],
    ['https://old.reddit.com/', '', 'social', 'reddit', ''],
    ['https://www.pinterest.com/', '', 'social', 'pinterest', ''],
    ['https://www.youtube.com/', '', 'social', 'youtube', ''],
    ['https://nextdoor.com/', '', 'social', 'nextdoor', ''],
    ['https://www.threads.net/', '', 'social', 'threads', ''],
    // WhatsApp.
    ['https://web.whatsapp.com/', '', 'whatsapp', 'whatsapp', ''],
    ['https://wa.me/15551234567', '', 'whatsapp', 'whatsapp', ''],
    ['android-app://com.whatsapp/', '', 'whatsapp', 'whatsapp', ''],
    // E-mail, before search (mail.google.com is not a search).
    ['https://mail.google.com/', '', 'email', 'gmail', ''],
    ['https://outlook.live.com/', '', 'email', 'outlook', ''],
    ['https://outlook.office.com/mail/', '', 'email', 'outlook', ''],
    ['https://mail.yahoo.com/', '', 'email', 'yahoo-mail', ''],
    ['https://mail.aol.com/', '', 'email', 'aol', ''],
    ['https://webmail.example.net/', '', 'email', 'webmail', ''],
    // Another site, by its host without www.
    ['https://www.chamber-of-commerce.org/members', '', 'site', 'chamber-of-commerce.org', ''],
    ['https://BLOG.Example.com./post', '', 'site', 'blog.example.com', ''],
    ['https://notgoogle.com/', '', 'site', 'notgoogle.com', ''],
    // None, unparsable, or the site itself: direct.
    [undefined, undefined, 'direct', '', ''],
    ['', '', 'direct', '', ''],
    ['not a url', '', 'direct', '', ''],
    ['https://staffing.example/team/', '', 'direct', '', ''],
    ['https://www.staffing.example/', '?', 'direct', '', ''],
  ])('%s %s → %s %s %s', (referrer, search, kind, name, campaign) => {
    expect(sourceOf(referrer, search, OWN)).toEqual({ kind, name, campaign });
  });

  it('cuts and cleans names to what may be kept', () => {
    expect(sourceName('  Spring Flyer!  ')).toBe('spring-flyer');
    expect(sourceName('ÁÉ')).toBe('');
    expect(sourceName('x'.repeat(100))).toHaveLength(40);
  });
});
