/** Dispatch for the gorilla/rpc json2 endpoints (/ext/bc/P, /ext/bc/C/core, /ext/bc/C/admin). */
import type { GorillaMethod, RpcRequest } from './jsonrpc'
import { MethodError, gorillaError, idOf, objectParams, result } from './jsonrpc'

/**
 * `service.method` → methods[method]. With `underscoreAlias` (admin), the spec's `admin_x` names are
 * accepted too. Unknown methods answer gorilla's -32000 "can't find method" with the name capitalised
 * after the dot, as avalanchego's codec looks it up.
 */
export async function handleGorilla(
  body: unknown,
  service: string,
  methods: Record<string, GorillaMethod>,
  underscoreAlias = false,
): Promise<unknown> {
  if (Array.isArray(body) || typeof body !== 'object' || body === null) {
    // gorilla json2 reads exactly one request object; a batch does not unmarshal
    return gorillaError(null, 'json: cannot unmarshal array into Go value of type json2.serverRequest', -32700)
  }
  const req = body as RpcRequest
  const id = idOf(req)
  if (req.jsonrpc !== '2.0') return gorillaError(id, 'jsonrpc must be 2.0', -32600)
  if (typeof req.method !== 'string') return gorillaError(id, 'rpc: service/method request ill-formed: ""')
  let name = req.method
  if (underscoreAlias && name.startsWith(`${service}_`)) name = `${service}.${name.slice(service.length + 1)}`
  const dot = name.lastIndexOf('.')
  if (dot < 0) return gorillaError(id, `rpc: service/method request ill-formed: "${req.method}"`)
  const svc = name.slice(0, dot)
  const method = name.slice(dot + 1)
  if (method === '' || method[0] !== method[0]!.toLowerCase()) {
    return gorillaError(id, 'method must start with a non-uppercase letter')
  }
  const fn = svc === service ? methods[method] : undefined
  if (!fn || !Object.hasOwn(methods, method)) {
    return gorillaError(id, `rpc: can't find method "${svc}.${method[0]!.toUpperCase()}${method.slice(1)}"`)
  }
  try {
    return result(id, await fn(objectParams(req.params)))
  } catch (e) {
    if (e instanceof MethodError) return gorillaError(id, e.message)
    return gorillaError(id, (e as Error).message ?? String(e))
  }
}
