import type { BoardCategory } from '@/lib/board/queries';

/** The board's categories as select options: each main category, then its sub-categories. */
export function CategoryOptions({ categories, counts }: { categories: BoardCategory[]; counts?: boolean }) {
  const count = (category: BoardCategory) => (counts ? ` (${category.jobs})` : '');
  return categories
    .filter((category) => !category.parentId)
    .map((category) => (
      <optgroup key={category.id} label={category.name}>
        <option value={category.slug}>
          All {category.name}
          {count(category)}
        </option>
        {categories
          .filter((child) => child.parentId === category.id)
          .map((child) => (
            <option key={child.id} value={child.slug}>
              {child.name}
              {count(child)}
            </option>
          ))}
      </optgroup>
    ));
}
