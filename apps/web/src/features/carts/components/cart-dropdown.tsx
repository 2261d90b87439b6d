import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import ListIcon from '@mui/icons-material/List';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CART_DROPDOWN_WIDTH_PX } from '@harbor/contracts/cart-constants';
import { errorCodeOf } from '../../../shared/api-client/index.ts';
import { useUpdateCart } from '../api/carts-api.ts';
import { cartErrorTexts } from '../error-text.ts';
import { useActiveCart } from '../use-active-cart.ts';

interface Props {
  open: boolean;
  anchorEl: HTMLElement | null;
  onClose: () => void;
  onShowCart: () => void;
}

/**
 * The cart dropdown (400 px, buyer spec section 9): the open carts to choose
 * the active one from, then the mini cart, the cart list and a new cart.
 * A menu, so arrow keys move between the entries and Escape closes it.
 */
export function CartDropdown({ open, anchorEl, onClose, onShowCart }: Props) {
  const { t } = useTranslation();
  const { carts, open: list, active } = useActiveCart();
  const choose = useUpdateCart();

  // The menu stays open until the server has made the cart active, so a refusal shows in it.
  const pick = (id: string) => {
    if (id === active?.id) onClose();
    else choose.mutate({ id, body: { active: true } }, { onSuccess: onClose });
  };

  return (
    <Menu
      id="cart-dropdown"
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: CART_DROPDOWN_WIDTH_PX, maxWidth: '100vw' } }, list: { 'aria-label': t('common:cartMenu.title') } }}
    >
      <ListSubheader>{t('common:cartMenu.choose')}</ListSubheader>
      {carts.isPending && <MenuItem disabled>{t('common:loading')}</MenuItem>}
      {carts.error && (
        <MenuItem disabled sx={{ whiteSpace: 'normal' }}>
          {t('common:cartMenu.loadFailed')} {t(`errors:${errorCodeOf(carts.error)}`)}
        </MenuItem>
      )}
      {cartErrorTexts(t, choose.error).map((text) => (
        <MenuItem key={text} disabled sx={{ whiteSpace: 'normal', color: 'error.main' }} role="alert">
          {text}
        </MenuItem>
      ))}
      {carts.isSuccess && list.length === 0 && (
        <MenuItem disabled sx={{ whiteSpace: 'normal' }}>{t('common:cartMenu.none')}</MenuItem>
      )}
      {list.map((cart) => {
        const lines = cart.products.filter((p) => !p.placed).length;
        return (
          <MenuItem key={cart.id} selected={cart.id === active?.id} disabled={choose.isPending} onClick={() => pick(cart.id)} data-testid="cart-choice">
            <ListItemIcon>{cart.id === active?.id ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText
              primary={cart.name}
              secondary={[cart.ship.name, cart.portCall?.portName, t('common:cartMenu.lines', { count: lines })].filter(Boolean).join(' · ')}
              slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
            />
          </MenuItem>
        );
      })}
      <Divider />
      <MenuItem onClick={onShowCart} disabled={!active}>
        <ListItemIcon>
          <ShoppingCartIcon fontSize="small" />
        </ListItemIcon>
        {t('common:cartMenu.showCart')}
      </MenuItem>
      <MenuItem component={RouterLink} to="/carts" onClick={onClose}>
        <ListItemIcon>
          <ListIcon fontSize="small" />
        </ListItemIcon>
        {t('common:cartMenu.allCarts')}
      </MenuItem>
      <MenuItem component={RouterLink} to="/create-new-cart" onClick={onClose}>
        <ListItemIcon>
          <AddIcon fontSize="small" />
        </ListItemIcon>
        {t('common:cartMenu.newCart')}
      </MenuItem>
    </Menu>
  );
}
