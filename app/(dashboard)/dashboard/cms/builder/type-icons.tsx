import {
  AlignLeft,
  AtSign,
  Calendar,
  CalendarClock,
  Hash,
  Image,
  Link,
  List,
  ListChecks,
  Paperclip,
  Pilcrow,
  ToggleLeft,
  Type,
  Waypoints,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { FieldType } from '@/lib/cms/fields';

export const fieldTypeIcons: Record<FieldType, ComponentType<{ className?: string }>> = {
  text: Type,
  longtext: AlignLeft,
  richtext: Pilcrow,
  number: Hash,
  boolean: ToggleLeft,
  select: List,
  multi_select: ListChecks,
  date: Calendar,
  datetime: CalendarClock,
  email: AtSign,
  url: Link,
  image: Image,
  asset: Paperclip,
  reference: Waypoints,
};
