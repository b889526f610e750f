import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { productCategories, productColors, productCurrencies, productSizes } from '../samples/sample-data';
import type { SampleProduct } from '../samples/sample-data';
import { DemoScreen } from './demo-screen';

/**
 * The product form of '/ecommerce/products/new-product' (empty) and '/edit-product' (filled with the
 * sample product): every field works on screen, 'Guardar' only says that nothing was saved.
 */
export function ProductForm({ title, initial }: { title: string; initial: SampleProduct }) {
  const { t } = useTranslation();
  const [product, setProduct] = useState(initial);
  const [isSaved, setIsSaved] = useState(false);
  const sizesLabelId = useId();

  function update<K extends keyof SampleProduct>(key: K, value: SampleProduct[K]) {
    setProduct((current) => ({ ...current, [key]: value }));
    setIsSaved(false);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsSaved(true);
  }

  return (
    <DemoScreen title={title}>
      <Box component="form" noValidate onSubmit={handleSubmit}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t('demo.product.images')}
                </Typography>
                <Box
                  sx={{
                    display: 'grid',
                    placeItems: 'center',
                    textAlign: 'center',
                    gap: 1,
                    minHeight: 220,
                    p: 2,
                    border: '2px dashed',
                    borderColor: 'divider',
                    borderRadius: 2,
                    color: 'text.secondary',
                  }}
                >
                  <CloudUploadIcon sx={{ fontSize: 48 }} aria-hidden />
                  <Typography variant="body2">{t('demo.product.imagesHint')}</Typography>
                </Box>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t('demo.product.info')}
                </Typography>
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextField
                      label={t('demo.product.name')}
                      value={product.name}
                      onChange={(event) => update('name', event.target.value)}
                      fullWidth
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextField
                      select
                      label={t('demo.product.category')}
                      value={product.category}
                      onChange={(event) => update('category', event.target.value as SampleProduct['category'])}
                      fullWidth
                    >
                      {productCategories.map((category) => (
                        <MenuItem key={category} value={category}>
                          {category}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      label={t('demo.product.price')}
                      type="number"
                      value={product.price}
                      onChange={(event) => update('price', Number(event.target.value))}
                      fullWidth
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      select
                      label={t('demo.product.currency')}
                      value={product.currency}
                      onChange={(event) => update('currency', event.target.value as SampleProduct['currency'])}
                      fullWidth
                    >
                      {productCurrencies.map((currency) => (
                        <MenuItem key={currency} value={currency}>
                          {currency}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      label={t('demo.product.stock')}
                      type="number"
                      value={product.stock}
                      onChange={(event) => update('stock', Number(event.target.value))}
                      fullWidth
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextField
                      label={t('demo.product.sku')}
                      value={product.sku}
                      onChange={(event) => update('sku', event.target.value)}
                      fullWidth
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextField
                      select
                      label={t('demo.product.color')}
                      value={product.color}
                      onChange={(event) => update('color', event.target.value as SampleProduct['color'])}
                      fullWidth
                    >
                      {productColors.map((color) => (
                        <MenuItem key={color} value={color}>
                          {color}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Grid>
                  <Grid size={12}>
                    <Typography id={sizesLabelId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                      {t('demo.product.sizes')}
                    </Typography>
                    <ToggleButtonGroup
                      aria-labelledby={sizesLabelId}
                      value={product.sizes}
                      onChange={(_event, sizes: SampleProduct['sizes']) => update('sizes', sizes)}
                      size="small"
                      color="primary"
                    >
                      {productSizes.map((size) => (
                        <ToggleButton key={size} value={size} sx={{ px: 2 }}>
                          {size}
                        </ToggleButton>
                      ))}
                    </ToggleButtonGroup>
                  </Grid>
                  <Grid size={12}>
                    <TextField
                      label={t('demo.product.description')}
                      value={product.description}
                      onChange={(event) => update('description', event.target.value)}
                      multiline
                      minRows={3}
                      fullWidth
                    />
                  </Grid>
                  <Grid size={12}>
                    <TextField
                      label={t('demo.product.tags')}
                      value={product.tags.join(', ')}
                      onChange={(event) =>
                        update(
                          'tags',
                          event.target.value.split(',').map((tag) => tag.trimStart()),
                        )
                      }
                      fullWidth
                    />
                  </Grid>
                </Grid>
                <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <Button type="submit" variant="contained">
                    {t('demo.save')}
                  </Button>
                  {isSaved && (
                    <Alert severity="info" role="status" sx={{ py: 0 }}>
                      {t('demo.notSaved')}
                    </Alert>
                  )}
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      </Box>
    </DemoScreen>
  );
}
