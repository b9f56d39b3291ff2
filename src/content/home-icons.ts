/** The lucide icons the home page draws; the section components map each name to its icon. */
export const homeIcons = [
  'award',
  'heart-handshake',
  'users',
  'utensils',
  'wine',
  'clipboard-list',
  'chef-hat',
  'building',
  'landmark',
  'hand-heart',
  'gem',
  'shield-check',
  'crown',
  'sparkles',
] as const;

export type HomeIcon = (typeof homeIcons)[number];
