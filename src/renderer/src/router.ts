/**
 * Hash history: in the desktop app the page is loaded from file://, where a path-based router would point
 * at files that do not exist. Create the router only after api.ts has removed ?token= from the address,
 * because hash history keeps the current path and query as its base.
 */
import { createRouter, createWebHashHistory, type Router } from 'vue-router'
import { PANELS } from './panels'

export function createAppRouter(): Router {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', redirect: PANELS[0]!.path },
      ...PANELS.map((p) => ({ path: p.path, component: p.component, meta: { title: p.label } })),
      { path: '/:rest(.*)*', redirect: PANELS[0]!.path }
    ]
  })
}
