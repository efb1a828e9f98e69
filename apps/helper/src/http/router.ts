import type { Reply } from './reply';

/** What a handler is given: the query of the URL and, for a POST, the JSON body already read and limited. */
export interface RouteInput {
  query: URLSearchParams;
  body: Record<string, unknown>;
}

export type Handler = (input: RouteInput) => Promise<Reply> | Reply;

/** The routes of one listener, by method and path ("GET /cd/check"). */
export class Router {
  private readonly routes = new Map<string, Handler>();

  get(path: string, handler: Handler): this {
    this.routes.set(`GET ${path}`, handler);
    return this;
  }

  post(path: string, handler: Handler): this {
    this.routes.set(`POST ${path}`, handler);
    return this;
  }

  find(method: string, path: string): Handler | undefined {
    return this.routes.get(`${method === 'HEAD' ? 'GET' : method} ${path}`);
  }
}
