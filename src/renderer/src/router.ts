/**
 * Hash history: in the desktop app the page is loaded from file://, where a path-based router would point
 * at files that do not exist. Create the router only after api.ts has removed ?token= from the address,
 * because hash history keeps the current path and query as its base.
 *
 * The first screen: Connections ("Connect to your node") with no profile, the fleet when there is more than
 * one profile, the first panel of the menu otherwise.
 */
import { createRouter, createWebHashHistory, type Router } from 'vue-router'
import { PANELS } from './panels'
import { useProfilesStore } from './stores/profiles'

/** How long the first screen waits for the list of profiles before it opens the first panel anyway. */
const FIRST_SCREEN_WAIT_MS = 3_000

async function firstScreen(): Promise<string> {
  const profiles = useProfilesStore()
  if (!profiles.loaded) await Promise.race([profiles.load(), new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))])
  // No profile at all: the first step is connecting to a node (Connections shows it).
  if (profiles.loaded && profiles.profiles.length === 0) return '/connections'
  return profiles.profiles.length > 1 ? '/fleet' : PANELS[0]!.path
}

export function createAppRouter(): Router {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', component: PANELS[0]!.component, beforeEnter: firstScreen },
      ...PANELS.map((p) => ({ path: p.path, component: p.component, meta: { title: p.label } })),
      { path: '/:rest(.*)*', redirect: PANELS[0]!.path }
    ]
  })
}
