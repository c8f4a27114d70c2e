import { Link } from 'wouter';
import { Banner } from '../ui/banner';

export function RouteError() {
  return (
    <div className="mx-auto max-w-md p-6">
      <Banner tone="error" title="Er ging iets mis">Deze pagina kon niet worden geladen. Probeer het opnieuw.</Banner>
      <Link to="/" className="mt-4 inline-block text-blue-800 underline">Naar de startpagina</Link>
    </div>
  );
}
