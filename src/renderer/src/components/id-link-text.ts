import { shortId } from '../../../shared/domain/format'
import { visibleText } from '../../../shared/domain/text-safety'

/**
 * What an ID link shows and its title (IdLink, and the big tables' plain-element cells): a name or the ID,
 * whole or its two ends, with bidirectional controls written out (remote text: an ID or a name cannot pose
 * as another); the title opens with the whole ID where the text is not it.
 */
export function idLinkText(id: string, opts: { short?: boolean; keep?: number; name?: string | null } = {}): { shown: string; title: string } {
  const shown = visibleText(opts.name ?? (opts.short ? shortId(id, opts.keep ?? 6) : id))
  return { shown, title: shown === id ? `Open ${id}` : `${visibleText(id)} (open)` }
}
