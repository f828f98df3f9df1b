'use client';

import { ImageIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { MediaPicker } from '@/components/media/media-picker';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** How the chosen image is previewed: as a wide cover (cropped as a share card crops it), or a logo, whole. */
const previews = {
  cover: 'aspect-[1.91/1] w-full bg-muted object-cover',
  logo: 'size-20 bg-white object-contain p-1',
};

/** An image URL input with "Choose from library" beside it, for fields such as a cover image or a logo. */
export function ImageUrlField({
  name,
  label,
  value,
  onChange,
  error,
  hint,
  preview = 'cover',
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  preview?: keyof typeof previews;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <Field id={name} label={label} error={error} hint={hint}>
      <Input
        id={name}
        name={name}
        type="url"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="https://…"
        aria-invalid={!!error}
        aria-describedby={describedBy(name, { error, hint })}
      />
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
          <ImageIcon /> Choose from library
        </Button>
        {value ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
            Remove
          </Button>
        ) : null}
      </div>
      {value ? (
        // biome-ignore lint/performance/noImgElement: any http(s) host may serve the image
        <img src={value} alt="" className={`${previews[preview]} rounded-md border border-border`} />
      ) : null}
      <MediaPicker open={picking} onOpenChange={setPicking} title={label} onSelect={onChange} />
    </Field>
  );
}
