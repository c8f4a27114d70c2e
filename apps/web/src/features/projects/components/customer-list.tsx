import { Link } from 'wouter';
import type { TPartnerCustomer } from '@portal/contract';
import { EmptyState } from '../../../ui/states';

export function CustomerList({ customers }: { customers: TPartnerCustomer[] }) {
  if (!customers.length) return <EmptyState>U bent nog niet aan een klant gekoppeld.</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {customers.map((customer) => (
        <li key={customer.id}>
          <Link to={`/partner/projecten/${customer.id}`} className="flex h-full flex-col gap-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-2 hover:ring-slate-400">
            {customer.logo && <img src={customer.logo} alt="" className="h-12 w-auto self-start object-contain" />}
            <span className="text-lg font-semibold">{customer.name}</span>
            <span className="text-sm text-slate-700">{customer.nr_of_projects === 1 ? '1 project' : `${customer.nr_of_projects} projecten`}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
