import { fenToYuan, showFen } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { useMoneyNames } from '@/clinic/money-names';
import { showTime } from '@/shell/time';
import { cashierApi } from './api';
import { useCashierMessages } from './messages';
import './receipt.css';

/**
 * /printCashPage?orderId=: the receipt of a charged order, alone on the page (no layout) so it
 * prints on an 80 mm roll or an A5 sheet (receipt.css); the print button is not printed.
 */
export default function ReceiptPage() {
  const t = useCashierMessages();
  const moneyNames = useMoneyNames();
  const orderId = Number(new URLSearchParams(window.location.search).get('orderId'));
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const receipt = useQuery({
    queryKey: ['workflow', 'cashier', 'receipt', orderId],
    queryFn: () => cashierApi.receipt(orderId),
    enabled: valid,
    retry: false,
  });
  if (!valid) return <div className="receipt">{t('noOrder')}</div>;
  const r = receipt.data;
  if (!r) return <div className="receipt">{receipt.isError ? t('noOrder') : '…'}</div>;
  const row = (label: string, value: string, testId?: string) => (
    <div className="receipt__row" data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <div className="receipt">
      <div className="receipt__actions">
        <button type="button" onClick={() => window.print()}>
          {t('printNow')}
        </button>
      </div>
      {r.companyName && <h1 className="receipt__company">{r.companyName}</h1>}
      <div className="receipt__title">
        {t('receiptTitle')} · {moneyNames.orderKind[r.kind]}
      </div>
      {row(t('number'), r.number, 'receipt-number')}
      {row(t('customer'), `${r.customerName} ${r.mobile}`, 'receipt-customer')}
      {r.storeName && row(t('receiptStore'), r.storeName)}
      {r.lines.length > 0 && (
        <table className="receipt__lines">
          <thead>
            <tr>
              <th>{t('line')}</th>
              <th>{t('sessions')}</th>
              <th>{t('price')}</th>
              <th>{t('dealPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((l, i) => (
              // A receipt's lines never reorder: their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={i}>
                <td>
                  {l.name}
                  {l.quantity > 1 ? ` ×${l.quantity}` : ''}
                </td>
                <td>{l.sessions}</td>
                <td>{fenToYuan(l.price)}</td>
                <td>{fenToYuan(l.dealPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="receipt__rule" />
      {row(t('payable'), showFen(r.payable), 'receipt-payable')}
      {r.payments.map((p) =>
        row(moneyNames.payMethod[p.method] ?? p.method, showFen(p.amount), `receipt-pay-${p.method}`),
      )}
      {r.principalUsed > 0 && row(t('principalUsed'), showFen(r.principalUsed), 'receipt-principal')}
      {r.giftUsed > 0 && row(t('giftUsed'), showFen(r.giftUsed), 'receipt-gift')}
      {r.couponUsed > 0 && row(t('couponUsed'), showFen(r.couponUsed))}
      {r.giftGiven > 0 && row(t('giftGiven'), showFen(r.giftGiven), 'receipt-gift-given')}
      {row(t('arrears'), showFen(r.arrears), 'receipt-arrears')}
      <div className="receipt__rule" />
      <div className="receipt__subtitle">{t('balancesAfter')}</div>
      {row(t('principal'), showFen(r.balancesAfter.principal), 'receipt-after-principal')}
      {row(t('gift'), showFen(r.balancesAfter.gift), 'receipt-after-gift')}
      {row(t('arrears'), showFen(r.balancesAfter.arrears), 'receipt-after-arrears')}
      <div className="receipt__rule" />
      {row(t('cashier'), r.cashierName, 'receipt-cashier')}
      {r.createUserName && row(t('openedByLine'), r.createUserName)}
      {row(t('chargedAt'), showTime(r.chargedTime, 'YYYY-MM-DD HH:mm:ss'), 'receipt-time')}
      <div className="receipt__signature">{t('signature')}：</div>
    </div>
  );
}
