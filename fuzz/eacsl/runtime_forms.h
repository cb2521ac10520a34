/* SPDX-License-Identifier: Apache-2.0 */
/* The runtime forms of two definitions of src/, for the runtime contract
 * build only (mk/eacsl.mk): fuzz/eacsl/inline_spec.py puts each in place of
 * the src/ definition of the same name and signature, and fails when that
 * definition is missing.  src/ keeps one text, the one WP proves.
 *
 * E-ACSL 25 executes only quantifiers over bounded integer ranges and no
 * recursive logic function, so:
 * - valid_counters: "the built map holds exactly the partitions of the
 *   items" (an unbounded quantifier over partitions p in src/) becomes,
 *   slot by slot, "every used slot's partition is among the items" and,
 *   item by item, "every item's partition is in a used slot": the same
 *   set equality, over the slots and items that exist;
 * - used_slots: the recursive count becomes \numof over the slots.
 * A C compiler sees nothing here. */

/*@ predicate valid_counters(lepack_counters *m) =
      \valid(m) &&
      m->size <= m->capacity && m->capacity <= LEPACK_MAX_ITEMS &&
      (m->capacity == 0 ==> m->data == \null) &&
      (m->capacity > 0 ==>
         \valid(m->data + (0 .. m->capacity * LEPACK_ITEM_SIZE - 1)) &&
         \base_addr(m->data) != \base_addr(m) &&
         (m->map.nslots > 0 ==> \base_addr(m->data) != \base_addr(m->map.slots))) &&
      valid_map(&m->map) &&
      (m->map_built == 0 ==>
         m->map.nslots == 0 && m->map.count == 0 && m->map.slots == \null) &&
      (m->map_built != 0 ==>
         (\forall integer i; 0 <= i < m->map.nslots && m->map.slots[i].used != 0 ==>
            in_items(m->data, m->size, m->map.slots[i].partition)) &&
         (\forall integer i; 0 <= i < m->size ==>
            \exists integer j; 0 <= j < m->map.nslots && m->map.slots[j].used != 0 &&
              twos32(m->map.slots[j].partition) ==
                bytes_u32(m->data, i * LEPACK_ITEM_SIZE + LEPACK_ITEM_PARTITION)));
*/

/*@ logic integer used_slots{L}(lepack_map_slot *s, integer n) =
      \numof(0, n - 1, \lambda integer used_k; s[used_k].used != 0);
*/
