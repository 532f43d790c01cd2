/**
 * The app's icon set: a curated list of Lucide SVG icons (only these reach the bundle), drawn
 * at the text size. Decorative unless given a label.
 */
import {
  AlertTriangle,
  ArrowLeft,
  ArrowRight,
  Bell,
  Camera,
  Car,
  Check,
  CheckCircle2,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleHelp,
  Clock,
  CreditCard,
  Download,
  Eye,
  EyeOff,
  FileText,
  Info,
  Landmark,
  LogOut,
  Menu,
  Pause,
  Play,
  Search,
  ShieldCheck,
  Truck,
  Upload,
  User,
  X,
  XCircle,
} from 'lucide-react';

export const ICONS = {
  alert: AlertTriangle,
  'arrow-left': ArrowLeft,
  'arrow-right': ArrowRight,
  bell: Bell,
  camera: Camera,
  car: Car,
  check: Check,
  'check-circle': CheckCircle2,
  'chevron-down': ChevronDown,
  'chevron-left': ChevronLeft,
  'chevron-right': ChevronRight,
  clock: Clock,
  close: X,
  'credit-card': CreditCard,
  document: FileText,
  download: Download,
  error: XCircle,
  eye: Eye,
  'eye-off': EyeOff,
  help: CircleHelp,
  info: Info,
  bank: Landmark,
  menu: Menu,
  pause: Pause,
  play: Play,
  search: Search,
  shield: ShieldCheck,
  'sign-out': LogOut,
  truck: Truck,
  upload: Upload,
  user: User,
} as const;

export type IconName = keyof typeof ICONS;

export function Icon({ name, label, size = '1.25em' }: { name: IconName; label?: string; size?: string }) {
  const Svg = ICONS[name];
  return (
    <span className="icon" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <Svg width={size} height={size} strokeWidth={2} focusable="false" />
    </span>
  );
}
