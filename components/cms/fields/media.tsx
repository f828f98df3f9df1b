'use client';

import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { MediaPicker } from '@/components/media/media-picker';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fieldLabel } from '@/lib/cms/fields';
import { AssetField } from '../asset-field';
import { textOf } from '../item-values';
import { aria, type ControlProps, describedBy, type FieldOf, Shell } from './shell';

/** An image URL, typed or chosen from the media library, with a thumbnail. */
export function ImageControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
}: ControlProps<FieldOf<'image'>>) {
  const [picking, setPicking] = useState(false);
  const text = textOf(value);
  const showable = /^https?:\/\//i.test(text.trim());
  return (
    <Shell field={field} id={id} error={error}>
      <div className="flex items-start gap-3">
        <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded border border-border bg-muted">
          {showable ? (
            // biome-ignore lint/performance/noImgElement: any http(s) host may serve the image
            <img src={text.trim()} alt="" className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-5 text-muted-foreground" />
          )}
        </span>
        <div className="grid flex-1 gap-2">
          <Input
            {...aria(field, id, error)}
            disabled={disabled}
            type="url"
            placeholder="https://…"
            value={text}
            onChange={(event) => onChange(event.target.value)}
          />
          {disabled ? null : (
            <div className="flex gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
                <ImageIcon /> Choose from library
              </Button>
              {text ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
                  Remove
                </Button>
              ) : null}
            </div>
          )}
        </div>
      </div>
      <MediaPicker open={picking} onOpenChange={setPicking} title={fieldLabel(field)} onSelect={onChange} />
    </Shell>
  );
}

/** A media asset, stored by id. */
export function AssetControl({
  field,
  id,
  value,
  onChange,
  error,
  disabled,
  assets,
}: ControlProps<FieldOf<'asset'>>) {
  return (
    <Shell field={field} id={id} error={error}>
      <AssetField
        id={id}
        label={fieldLabel(field)}
        value={textOf(value)}
        known={assets}
        onChange={onChange}
        disabled={disabled}
        invalid={!!error}
        describedBy={describedBy(field, id, error)}
      />
    </Shell>
  );
}
