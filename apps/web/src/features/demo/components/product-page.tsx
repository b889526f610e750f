import CheckroomIcon from '@mui/icons-material/Checkroom';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { otherProducts, sampleProduct } from '../samples/sample-data';
import { formatClp } from '../utils/format';
import { DemoScreen } from './demo-screen';

const gradients = [
  'linear-gradient(195deg, #ffa726, #fb8c00)',
  'linear-gradient(195deg, #49a3f1, #1a73e8)',
  'linear-gradient(195deg, #66bb6a, #43a047)',
  'linear-gradient(195deg, #747b8a, #495361)',
];

/** A picture stand-in: a coloured tile with an icon (nothing is loaded from another host). */
function ProductPicture({ index, height }: { index: number; height: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        placeItems: 'center',
        height,
        borderRadius: 2,
        color: '#fff',
        background: gradients[index % gradients.length],
      }}
    >
      <CheckroomIcon sx={{ fontSize: height / 3 }} />
    </Box>
  );
}

/** '/ecommerce/products/product-page': the sample product as a shop would show it. */
export function ProductPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const [picture, setPicture] = useState(0);
  const [isAdded, setIsAdded] = useState(false);
  const product = sampleProduct;

  return (
    <DemoScreen title={title}>
      <Card>
        <CardContent>
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 5 }}>
              <ProductPicture index={picture} height={320} />
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                {gradients.map((gradient, index) => (
                  <Box
                    key={gradient}
                    component="button"
                    type="button"
                    aria-label={`${product.name} ${index + 1}`}
                    aria-pressed={picture === index}
                    onClick={() => setPicture(index)}
                    sx={{
                      flex: 1,
                      height: 56,
                      border: picture === index ? '3px solid' : '3px solid transparent',
                      borderColor: picture === index ? 'primary.main' : 'transparent',
                      borderRadius: 2,
                      cursor: 'pointer',
                      background: gradient,
                    }}
                  />
                ))}
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <Typography variant="h4" component="h2" gutterBottom>
                {product.name}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
                <Rating value={product.rating} precision={0.5} readOnly />
                <Typography variant="body2" color="text.secondary">
                  {t('demo.product.rating', { value: product.rating })}
                </Typography>
              </Stack>
              <Typography variant="h5" component="p" sx={{ mb: 1 }}>
                {formatClp(product.price)}
              </Typography>
              <Chip
                label={t('demo.product.inStock', { count: product.stock })}
                sx={{ mb: 2, bgcolor: 'success.dark', color: '#ffffff' }}
              />
              <Typography variant="body1" sx={{ mb: 2 }}>
                {product.description}
              </Typography>
              <Table size="small" aria-label={t('demo.product.details')} sx={{ mb: 3, maxWidth: 480 }}>
                <TableBody>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('demo.product.category')}
                    </TableCell>
                    <TableCell>{product.category}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('demo.product.sku')}
                    </TableCell>
                    <TableCell>{product.sku}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('demo.product.sizes')}
                    </TableCell>
                    <TableCell>{product.sizes.join(' · ')}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('demo.product.color')}
                    </TableCell>
                    <TableCell>{product.color}</TableCell>
                  </TableRow>
                </TableBody>
              </Table>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Button variant="contained" startIcon={<ShoppingCartIcon />} onClick={() => setIsAdded(true)}>
                  {t('demo.product.addToCart')}
                </Button>
                {isAdded && (
                  <Typography role="status" variant="body2">
                    {t('demo.notSaved')}
                  </Typography>
                )}
              </Stack>
            </Grid>
          </Grid>
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 2 }}>
        {t('demo.product.otherProducts')}
      </Typography>
      <Grid container spacing={3}>
        {otherProducts.map((other, index) => (
          <Grid key={other.name} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <ProductPicture index={index + 1} height={120} />
                <Typography variant="subtitle1" component="h3" sx={{ mt: 1.5, fontWeight: 600 }}>
                  {other.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {other.category}
                </Typography>
                <Typography variant="body1">{formatClp(other.price)}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </DemoScreen>
  );
}
