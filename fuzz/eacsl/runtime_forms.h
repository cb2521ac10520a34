/* SPDX-License-Identifier: Apache-2.0 */
/* Runtime forms of two definitions of src/, for the runtime contract build
 * only (mk/eacsl.mk).  Each block names a definition, a term of its src/
 * body and the term E-ACSL runs instead; fuzz/eacsl/inline_spec.py makes
 * the swap (whitespace aside) and stops when the src/ term is not found
 * exactly once, so the rest of each definition is always src/'s, the text
 * WP proves.
 *
 * E-ACSL 25 executes only quantifiers over bounded integer ranges and no
 * recursive logic function, so:
 * - valid_counters: "the built map holds exactly the partitions of the
 *   items" (an unbounded quantifier over partitions p) becomes, slot by
 *   slot, "every used slot's partition is among the items" and, item by
 *   item, "every item's partition is in a used slot": the same set
 *   equality, over the slots and items that exist;
 * - used_slots: the recursive count becomes \numof over the slots.
 * A C compiler sees only comments here. */

/* runtime_form valid_counters
   src:
      \forall integer p; map_holds(&m->map, p) <==> in_items(m->data, m->size, p)
   runtime:
      (\forall integer i; 0 <= i < m->map.nslots && m->map.slots[i].used != 0 ==>
         in_items(m->data, m->size, m->map.slots[i].partition)) &&
      (\forall integer i; 0 <= i < m->size ==>
         \exists integer j; 0 <= j < m->map.nslots && m->map.slots[j].used != 0 &&
           twos32(m->map.slots[j].partition) ==
             bytes_u32(m->data, i * LEPACK_ITEM_SIZE + LEPACK_ITEM_PARTITION))
*/

/* runtime_form used_slots
   src:
      n <= 0 ? 0 : used_slots(s, n - 1) + (s[n - 1].used != 0 ? 1 : 0)
   runtime:
      \numof(0, n - 1, \lambda integer used_k; s[used_k].used != 0)
*/
