/** An article's view count as the page shows it (docs/spec/SPEC.md §2): "1 view", "1,234 views". */
export const formatViews = (count: number): string => `${count.toLocaleString('en-US')} ${count === 1 ? 'view' : 'views'}`;
