import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Listing } from '@harbor/contracts';
import { IMAGE_MAX_BYTES } from '@harbor/contracts/listing-constants';
import { errorCodeOf, isApiRequestError } from '../../../shared/api-client/index.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { listingKeys, uploadListingImage, useRemoveImage, useReorderImages } from '../api/listings-api.ts';
import { moveImage } from '../editor-model.ts';
import { imageUrl } from './listing-image.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/gif', 'image/png'];
type Step = -1 | 1;

/** The moved image's arrow keeps the keyboard focus; at an end, the other arrow takes it. */
function useFocusAfterMove(images: Listing['images']) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pending = useRef<{ id: string; step: Step } | null>(null);
  useEffect(() => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    const index = images.findIndex((img) => img.id === p.id);
    const atEnd = p.step === -1 ? index === 0 : index === images.length - 1;
    buttons.current.get(`${p.id}:${atEnd ? -p.step : p.step}`)?.focus();
  }, [images]);
  const ref = (id: string, step: Step) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(`${id}:${step}`, el);
    else buttons.current.delete(`${id}:${step}`);
  };
  return { ref, expect: (id: string, step: Step) => (pending.current = { id, step }) };
}

/** The Images tab: upload, remove, and order (the first image is the main image of cards and the listing page). */
export function ImagesEditor({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useRemoveImage(listing.id);
  const reorder = useReorderImages(listing.id);
  const focus = useFocusAfterMove(listing.images);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const last = listing.images.length - 1;

  const move = (index: number, step: Step) => {
    const id = listing.images[index]!.id;
    focus.expect(id, step);
    setAnnouncement(t('listings:editor.images.moved', { index: index + 1, position: index + step + 1 }));
    reorder.mutate(moveImage(listing.images.map((img) => img.id), index, step));
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    for (const file of files) {
      if (!IMAGE_TYPES.includes(file.type)) {
        setProblem(t('images:errors.unsupportedType'));
        continue;
      }
      if (file.size > IMAGE_MAX_BYTES) {
        setProblem(t('images:errors.overLimit'));
        continue;
      }
      try {
        setProgress(0);
        await uploadListingImage(listing.id, file, setProgress);
      } catch (err) {
        setProblem(errorCodeOf(err) === 'request-upload-over-limit' ? t('images:errors.overLimit') : t('images:errors.uploadFailed'));
      } finally {
        setProgress(null);
      }
    }
    await queryClient.invalidateQueries({ queryKey: listingKeys.own(listing.id) });
  };

  // 409: the images changed in another tab; the refetched order is shown, the seller tries again.
  const imagesChanged = isApiRequestError(reorder.error) && reorder.error.meta?.reason === 'listings:errors.imagesChanged';
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('listings:editor.imagesHelp')}
      </Typography>
      <Stack component="ol" direction="row" spacing={2} useFlexGap aria-label={t('listings:editor.images.listLabel')} sx={{ flexWrap: 'wrap', mb: 2, p: 0, listStyle: 'none' }}>
        {listing.images.map((img, i) => (
          <Box component="li" key={img.id} sx={{ position: 'relative', width: 120 }} data-testid="editor-image">
            <Box
              component="img"
              src={imageUrl(img, 'square-small')}
              alt={t('listings:page.imageAlt', { title: listing.title, index: i + 1 })}
              sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
            {i === 0 && <Chip size="small" color="primary" label={t('listings:editor.images.main')} sx={{ position: 'absolute', bottom: 4, left: 4 }} />}
            <IconButton
              size="small"
              onClick={() => remove.mutate(img.id)}
              aria-label={t('listings:editor.removeImage', { index: i + 1 })}
              sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
            {listing.images.length > 1 && (
              <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5 }}>
                <IconButton size="small" ref={focus.ref(img.id, -1)} onClick={() => move(i, -1)} disabled={i === 0} aria-label={t('listings:editor.images.moveEarlier', { index: i + 1 })}>
                  <ArrowBack fontSize="small" />
                </IconButton>
                <IconButton size="small" ref={focus.ref(img.id, 1)} onClick={() => move(i, 1)} disabled={i === last} aria-label={t('listings:editor.images.moveLater', { index: i + 1 })}>
                  <ArrowForward fontSize="small" />
                </IconButton>
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
      <Box role="status" aria-live="polite" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announcement}
      </Box>
      {listing.images.length === 0 && <Alert severity="info" sx={{ mb: 2 }}>{t('listings:validation.imageRequired')}</Alert>}
      <Button variant="outlined" component="label" disabled={progress !== null}>
        {t('listings:editor.addImages')}
        <input hidden type="file" accept="image/jpeg,image/gif,image/png" multiple onChange={(e) => void onFiles(e)} data-testid="image-input" />
      </Button>
      {progress !== null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} sx={{ mt: 2 }} aria-label={t('listings:editor.uploading')} />}
      {problem && <Alert severity="error" sx={{ mt: 2 }}>{problem}</Alert>}
      {imagesChanged ? <Alert severity="warning" sx={{ mt: 2 }}>{t('listings:errors.imagesChanged')}</Alert> : <ApiErrorAlert error={reorder.error} />}
      <ApiErrorAlert error={remove.error} />
    </Box>
  );
}
