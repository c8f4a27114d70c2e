import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, getApiBase, setApiBase } from './api';

describe('the API base address comes from the customer lookup\'s api_url', () => {
  beforeAll(() => {
    Object.assign(globalThis, { window: { location: { origin: 'https://portaal.example.nl' } } });
  });
  afterEach(() => setApiBase(null));

  it('falls back to /api without an api_url', () => {
    expect(getApiBase()).toBe('/api');
    expect(apiUrl('/public/customer/')).toBe('/api/public/customer/?language=nl');
  });

  it('takes the path of an api_url on the page\'s own origin', () => {
    setApiBase('https://portaal.example.nl/portaal-api/v1/');
    expect(apiUrl('/public/login')).toBe('/portaal-api/v1/public/login?language=nl');
    setApiBase('/api');
    expect(getApiBase()).toBe('/api');
  });

  it('keeps /api for another origin or a non-address (no CORS, CSP connect-src self)', () => {
    for (const url of ['https://elders.example.org/api', 'javascript:alert(1)', 'http://[::1', 'ftp://portaal.example.nl/api']) {
      setApiBase(url);
      expect(getApiBase(), url).toBe('/api');
    }
  });
});
