import {
  Award,
  Building2,
  ChefHat,
  ClipboardList,
  Crown,
  Gem,
  HandHeart,
  HeartHandshake,
  Landmark,
  ShieldCheck,
  Sparkles,
  Users,
  Utensils,
  Wine,
  type LucideIcon,
} from 'lucide-react';
import type { HomeIcon } from '../../content/home';

const icons: Record<HomeIcon, LucideIcon> = {
  award: Award,
  'heart-handshake': HeartHandshake,
  users: Users,
  utensils: Utensils,
  wine: Wine,
  'clipboard-list': ClipboardList,
  'chef-hat': ChefHat,
  building: Building2,
  landmark: Landmark,
  'hand-heart': HandHeart,
  gem: Gem,
  'shield-check': ShieldCheck,
  crown: Crown,
  sparkles: Sparkles,
};

/** A decorative icon named in src/content/home.ts. */
export function HomeIconGlyph({ name, className }: { name: HomeIcon; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" className={className} />;
}
