/**
 * The one HTTP client: JSON in and out, the bearer token from localStorage `token`, and the error
 * envelope `{ error, message, details? }` turned into a thrown ApiError carrying `message`.
 */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Where the request goes instead of fetch: the server's render reads through the API in process. */
  transport?: Transport;
}

/** How one read is made: the signal that cancels it and, on the server, its transport. */
export type ReadOptions = Pick<RequestOptions, 'signal' | 'transport'>;

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * On the server, reads go to the API in-process rather than over HTTP (server/src/reader/internal-api.ts):
 * the render hands that transport to the route's load, which passes it to each read. The transport
 * answers like fetch would: a status and the parsed JSON body.
 */
export type Transport = (method: Method, url: string) => Promise<{ status: number; body: unknown }>;

/** A 4xx: what was asked for is not there (or not published), and asking again will not change that. */
export const isMissing = (err: unknown): boolean => err instanceof ApiError && err.status >= 400 && err.status < 500;

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = {};
  try {
    body = await response.json();
  } catch {
    // A non-JSON error (a proxy page, say): fall back to the status text below.
  }
  return errorFromBody(response.status, body, response.statusText);
}

/** The error envelope `{ error, message, details? }` as an ApiError (also what the server's render rebuilds). */
export function errorFromBody(status: number, raw: unknown, statusText = ''): ApiError {
  const body = (raw && typeof raw === 'object' ? raw : {}) as { error?: unknown; message?: unknown; details?: unknown };
  const details = Array.isArray(body.details) ? body.details.filter((d): d is string => typeof d === 'string') : [];
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : typeof body.error === 'string'
        ? body.error
        : statusText || `Request failed (${status})`;
  return new ApiError(status, typeof body.error === 'string' ? body.error : 'Error', message, details);
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const { transport } = options;
  if (transport) {
    const answer = await transport(method, buildUrl(path, options.query));
    if (answer.status >= 400) throw errorFromBody(answer.status, answer.body);
    return answer.body as T;
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...authHeaders() };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal, credentials: 'include' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'Network Error', 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/**
 * A file the API sends (a CSV export): the same auth and error envelope as `request`, the body as a Blob, and the name
 * its Content-Disposition gives (else `fallbackName`).
 */
export async function download(
  path: string,
  query: RequestOptions['query'],
  fallbackName: string,
): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers: authHeaders(), credentials: 'include' });
  } catch {
    throw new ApiError(0, 'Network Error', 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  const named = /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '');
  return { blob: await response.blob(), filename: named?.[1] ?? fallbackName };
}

/** Multipart upload with progress (fetch has no upload progress), same auth and error handling. */
export function upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network Error', 'Cannot reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // handled below
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else {
        const details = Array.isArray(body.details) ? (body.details as string[]) : [];
        reject(new ApiError(xhr.status, String(body.error ?? 'Error'), String(body.message ?? body.error ?? 'Upload failed'), details));
      }
    };
    xhr.send(form);
  });
}
