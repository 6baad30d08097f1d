import type { NextFunction, Request, Response } from 'express'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { errorResponse, MethodNotAllowed } from '../errors.ts'
import { LIVE_PATHS } from './live-routes.ts'
import { sendWebResponse } from './web.ts'

// The methods of every /api resource route, checked once here before any route runs (docs/decisions/022): an
// unsupported method answers 405 {error} with an Allow header, whatever the route (React Router's own answer would be
// 405 or 400 {"message":"Unexpected Server Error"}, and an action that forgot to check would run for any method).
// A route serves GET and HEAD when its module has a loader, and POST when it has an action, unless the module says
// otherwise with `export const methods: ApiMethod[] = ['PUT', 'DELETE']`.

export type ApiMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

interface RouteModule {
  loader?: unknown
  action?: unknown
  methods?: readonly ApiMethod[]
}

type Manifest = ServerBuild['routes']
const trees = new WeakMap<Manifest, RouteObject[]>()

/** React Router's flat route manifest as the nested routes matchRoutes ranks (cached per build). */
function routeTree(manifest: Manifest): RouteObject[] {
  let tree = trees.get(manifest)
  if (!tree) {
    const childrenOf = (parentId: string | undefined): RouteObject[] =>
      Object.values(manifest)
        .filter((route) => route?.parentId === parentId)
        .map(
          (route) =>
            ({
              id: route!.id,
              path: route!.path,
              index: route!.index,
              caseSensitive: route!.caseSensitive,
              children: childrenOf(route!.id),
            }) as RouteObject,
        )
    tree = childrenOf(undefined)
    trees.set(manifest, tree)
  }
  return tree
}

/** Answers already worked out, per build and path: matchRoutes flattens and ranks every route on each call. */
const answers = new WeakMap<ServerBuild, Map<string, string[] | null>>()
/** Paths carry ids, so the remembered answers are dropped when this many have gathered. */
const ANSWERS_KEPT = 5000

/** The methods the /api route at `pathname` serves, or null when no single route owns it (an unknown /api path). */
function allowedMethods(build: ServerBuild, pathname: string): string[] | null {
  let known = answers.get(build)
  if (!known) answers.set(build, (known = new Map()))
  if (known.has(pathname)) return known.get(pathname)!
  if (known.size >= ANSWERS_KEPT) known.clear()
  const allowed = methodsOf(build, pathname)
  known.set(pathname, allowed)
  return allowed
}

function methodsOf(build: ServerBuild, pathname: string): string[] | null {
  if (LIVE_PATHS.includes(pathname)) return ['GET', 'HEAD']
  const leaf = matchRoutes(routeTree(build.routes), pathname)?.at(-1)?.route
  // The /api/* catch-all answers 404 to every method.
  if (!leaf?.id || leaf.path?.endsWith('*')) return null
  const module = build.routes[leaf.id]?.module as RouteModule | undefined
  if (!module) return null
  return [...(module.loader ? ['GET', 'HEAD'] : []), ...(module.action ? (module.methods ?? ['POST']) : [])]
}

/** Express middleware: 405 for a method an /api route does not serve. */
export function apiMethodGuard(build: ServerBuild | (() => Promise<ServerBuild>)) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/api/')) return next()
    try {
      const allowed = allowedMethods(typeof build === 'function' ? await build() : build, req.path)
      if (!allowed || allowed.includes(req.method)) return next()
      await sendWebResponse(res, errorResponse(new MethodNotAllowed(allowed)))
    } catch (error) {
      next(error)
    }
  }
}
