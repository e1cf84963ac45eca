import { CommerceMessages, IMAGE_MAX_BYTES } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { imageSrc } from './image-src';
import { extensionOf, imageProblem, uuid4 } from './upload-image';

describe('image upload checks (spec 02 §5)', () => {
  it('refuses 2 MB + 1 byte and accepts exactly 2 MB', () => {
    expect(imageProblem({ size: IMAGE_MAX_BYTES + 1, type: 'image/png' })).toBe(CommerceMessages.uploadTooLarge);
    expect(imageProblem({ size: IMAGE_MAX_BYTES, type: 'image/png' })).toBeNull();
  });
  it('refuses files that are not images', () => {
    expect(imageProblem({ size: 10, type: 'application/pdf' })).toBe(CommerceMessages.uploadNotImage);
  });
  it('names the object by type, then by file name', () => {
    expect(extensionOf({ name: 'a.PNG', type: 'image/jpeg' })).toBe('jpg');
    expect(extensionOf({ name: 'shot.WEBP', type: '' })).toBe('webp');
  });
  it('makes v4 uuids', () => {
    const a = uuid4();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuid4()).not.toBe(a);
  });
  it('shows bare keys from the upload file route', () => {
    expect(imageSrc('clutter/x.png')).toBe('/uploads/files/clutter/x.png');
    expect(imageSrc('/uploads/files/clutter/x.png')).toBe('/uploads/files/clutter/x.png');
    expect(imageSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(imageSrc('')).toBeUndefined();
  });
});
