import { SEARCH_TEXT_MAX } from '@/lib/jobs/schemas';

/** The words and place of a job search, as the board's search form and its alert form ask for them. */
export const searchTextInputs = {
  q: { name: 'q', maxLength: SEARCH_TEXT_MAX, placeholder: 'Title, skill or company' },
  location: { name: 'location', type: 'text', maxLength: SEARCH_TEXT_MAX, placeholder: 'City or country' },
} as const;
