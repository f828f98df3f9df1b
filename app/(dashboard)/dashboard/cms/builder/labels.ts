import type { FieldType } from '@/lib/cms/fields';
import type { CollectionVisibility } from '@/lib/cms/schemas';

/** The builder's names for field types: the "Add field" buttons and each card's type select. */
export const fieldTypeLabels: Record<FieldType, string> = {
  text: 'Text',
  longtext: 'Long text',
  richtext: 'Rich text',
  number: 'Number',
  boolean: 'Yes/No',
  select: 'Select',
  multi_select: 'Multi-select',
  date: 'Date',
  datetime: 'Date & time',
  email: 'Email',
  url: 'URL',
  image: 'Image URL',
  asset: 'Media asset',
  reference: 'Reference',
};

export const fieldTypeHints: Record<FieldType, string> = {
  text: 'One line, e.g. a title',
  longtext: 'Plain paragraphs',
  richtext: 'Formatted text with links',
  number: 'Seats, price, rating',
  boolean: 'A checkbox',
  select: 'One of a list',
  multi_select: 'Several of a list',
  date: 'A day',
  datetime: 'A day and a time',
  email: 'An email address',
  url: 'A web address',
  image: 'Address of a picture',
  asset: 'A file from Media',
  reference: 'A job or another item',
};

export const visibilityLabels: Record<CollectionVisibility, string> = {
  public: 'Public',
  gated: 'Gated',
  private: 'Private',
};

export const visibilityHints: Record<CollectionVisibility, string> = {
  public: 'Anyone can read published items through the public routes, no API key needed.',
  gated: 'Readable by members with an entitlement; until member accounts exist it behaves like private.',
  private: 'Only you, in the dashboard and with an API key.',
};
