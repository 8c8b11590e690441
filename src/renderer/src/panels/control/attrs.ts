/**
 * data-* attributes for naive-ui's props that take HTML attributes (input-props, row-props): their types
 * list no data-* keys, so a literal is refused; these attributes are what the end-to-end tests find.
 */
import type { HTMLAttributes, InputHTMLAttributes } from 'vue'

export function dataAttrs(attrs: Record<`data-${string}`, string>): HTMLAttributes & InputHTMLAttributes {
  return attrs as HTMLAttributes & InputHTMLAttributes
}
