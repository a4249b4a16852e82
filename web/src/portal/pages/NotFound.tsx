import { Link } from 'react-router';
import { useTitle } from '../../shared';
import { useEnvironment } from '../session';

export function NotFound() {
  useTitle('Page not found');
  const { env } = useEnvironment();
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
      <p>
        <Link to={{ pathname: '/', search: `?env=${env}` }}>Go to the overview</Link>
      </p>
    </section>
  );
}
