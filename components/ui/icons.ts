/**
 * The one icon set (lucide, tree-shaken: only these are bundled). Icons are decoration: each
 * control that shows one also has an accessible name, and an icon-only one a tooltip.
 */
export {
  Bookmark as SavedIcon,
  BookmarkPlus as SaveIcon,
  Building2 as WorkspaceIcon,
  ChartColumn as AccountsIcon,
  LayoutGrid as BoardsIcon,
  ScanSearch as SimilarIcon,
  Search as SearchIcon,
  Store as BrandsIcon,
  WandSparkles as GenerateIcon,
} from 'lucide-react';
export type { LucideIcon as Icon } from 'lucide-react';
