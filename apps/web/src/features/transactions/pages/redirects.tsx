import { Navigate, useParams } from 'react-router';

/** /inbox: the spec's inbox opens on the sales tab of the orders page. */
export function InboxRedirect() {
  return <Navigate to="/orders?only=sale" replace />;
}

/** /sale/:id: a sale's details are its order page (the caller's role decides what it offers). */
export function SaleRedirect() {
  const { id } = useParams();
  return <Navigate to={id ? `/orders/${encodeURIComponent(id)}` : '/orders?only=sale'} replace />;
}
