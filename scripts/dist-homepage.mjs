/**
 * The project homepage the Linux packages carry: a `.deb` has a Homepage field and electron-builder refuses
 * to make one without it. Taken, in order, from COMPANION_HOMEPAGE, package.json's `homepage`, its
 * `repository`, or the checkout's `origin` remote (a clone from GitHub, GitLab or any https host), as an
 * https URL. Undefined when none of them gives one; scripts/dist.mjs then says how to give it.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * An https URL of a repository from a git remote or a package.json `repository`, or undefined; npm's
 * shorthand ("github:owner/repo", "owner/repo") only with `shorthand` (a remote like "work/x" is a path).
 */
export function httpsUrlOf(remote, { shorthand = false } = {}) {
  const text = String(remote ?? '').trim()
  if (!text) return undefined
  // git@github.com:owner/repo.git, ssh://git@host/owner/repo.git, git+https://host/owner/repo.git, https://…
  const scp = /^[\w.-]+@([\w.-]+):([\w./-]+?)(?:\.git)?\/?$/.exec(text)
  if (scp) return `https://${scp[1]}/${scp[2]}`
  const url = /^(?:git\+)?(?:https?|ssh|git):\/\/(?:[^@/]+@)?([\w.-]+)(?::\d+)?\/([\w./-]+?)(?:\.git)?\/?$/.exec(text)
  if (url) return `https://${url[1]}/${url[2]}`
  // npm's shorthand "github:owner/repo" or "owner/repo"
  const short = shorthand ? /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(text) : null
  if (short) return `https://github.com/${short[1]}/${short[2]}`
  return undefined
}

/** The homepage for the packages, and where it came from; undefined when there is none. */
export function projectHomepage(root, env = process.env) {
  const given = env['COMPANION_HOMEPAGE']?.trim()
  if (given) return /^https?:\/\//.test(given) ? { url: given, from: 'COMPANION_HOMEPAGE' } : undefined
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  if (typeof pkg.homepage === 'string' && pkg.homepage) return { url: pkg.homepage, from: 'package.json homepage' }
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url
  const fromRepository = httpsUrlOf(repository, { shorthand: true })
  if (fromRepository) return { url: fromRepository, from: 'package.json repository' }
  const origin = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: root, encoding: 'utf8' })
  const fromOrigin = origin.status === 0 ? httpsUrlOf(origin.stdout) : undefined
  return fromOrigin ? { url: fromOrigin, from: 'the git remote origin' } : undefined
}
