/**
 * Just enough of a browser for flows that cross origins (the Google sign-in): fetch with a cookie
 * jar per host (as browsers keep cookies per host, whatever the port), redirects followed by hand
 * so every hop's cookies are kept, and HTML forms read from the page and submitted.
 */
export type Hop = { url: string; status: number };

export type BrowserPage = { url: string; status: number; html: string; hops: Hop[] };

export type NavigateOptions = {
  /** Stop before requesting a redirect target (e.g. the app's page once back from the provider). */
  stopAt?: (url: URL) => boolean;
  /** Extra headers for each redirect hop, as a browser adds Sec-Fetch-Site to a navigation. */
  hopHeaders?: (url: URL) => Record<string, string>;
};

export class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  store(url: string, response: Response): void {
    const host = new URL(url).hostname;
    const jar = this.byHost.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const index = pair.indexOf('=');
      if (index <= 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const isExpired = /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (value === '' || isExpired) jar.delete(name);
      else jar.set(name, value);
    }
    this.byHost.set(host, jar);
  }

  header(url: string): string {
    const jar = this.byHost.get(new URL(url).hostname);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  get(url: string, name: string): string | undefined {
    return this.byHost.get(new URL(url).hostname)?.get(name);
  }
}

export class TestBrowser {
  readonly jar = new CookieJar();

  /** One request, no redirect followed; cookies kept. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.store(url, response);
    return response;
  }

  /** Requests and follows redirects (GET after each), until a page that is not a redirect. */
  async navigate(url: string, init: RequestInit = {}, options: NavigateOptions = {}) {
    const hops: Hop[] = [];
    let current = url;
    let response = await this.request(current, init);
    for (let count = 0; count < 20; count += 1) {
      hops.push({ url: current, status: response.status });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      current = new URL(location, current).toString();
      if (options.stopAt?.(new URL(current))) {
        hops.push({ url: current, status: 0 });
        return { url: current, status: 0, html: '', hops };
      }
      await response.arrayBuffer();
      response = await this.request(current, { headers: options.hopHeaders?.(new URL(current)) ?? {} });
    }
    return { url: current, status: response.status, html: await response.text(), hops };
  }

  /** Submits the page's first form with the given fields (plus its hidden inputs), following redirects. */
  async submitForm(page: BrowserPage, fields: Record<string, string>, options?: NavigateOptions) {
    const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(page.html);
    if (!form) throw new Error(`No hay formulario en ${page.url}:\n${page.html.slice(0, 500)}`);
    const action = new URL(decodeEntities(form[1] ?? ''), page.url).toString();
    const body = new URLSearchParams();
    for (const input of (form[2] ?? '').matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      if (name) body.set(name, decodeEntities(value));
    }
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return this.navigate(
      action,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(page.url).origin },
        body: body.toString(),
      },
      options,
    );
  }
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
