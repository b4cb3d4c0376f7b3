/** The cart's and checkout's words in each site language (library keys), for the visitor. */
export interface CartWords {
  cart: string;
  empty: string;
  product: string;
  qty: string;
  price: string;
  total: string;
  remove: string;
  checkout: string;
  name: string;
  email: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  postcode: string;
  country: string;
  note: string;
  pay: string;
  unavailable: string;
  changed: string;
  invalid: string;
  busy: string;
  thanks: string;
  orderNo: string;
  paid: string;
  pending: string;
  cancelled: string;
  backToCart: string;
  needsScript: string;
  payFailed: string;
}

const KEYS: (keyof CartWords)[] = [
  'cart',
  'empty',
  'product',
  'qty',
  'price',
  'total',
  'remove',
  'checkout',
  'name',
  'email',
  'phone',
  'address1',
  'address2',
  'city',
  'postcode',
  'country',
  'note',
  'pay',
  'unavailable',
  'changed',
  'invalid',
  'busy',
  'thanks',
  'orderNo',
  'paid',
  'pending',
  'cancelled',
  'backToCart',
  'needsScript',
  'payFailed',
];

const W = (...v: string[]): CartWords =>
  Object.fromEntries(KEYS.map((k, i) => [k, v[i] ?? ''])) as unknown as CartWords;

// biome-ignore format: one language per block, in KEYS order
export const CART_WORDS: Record<string, CartWords> = {
  'zh-CN': W('购物车', '购物车是空的。', '商品', '数量', '单价', '合计', '删除', '结账', '姓名', '邮箱', '电话',
    '地址', '地址(第二行)', '城市', '邮编', '国家/地区', '备注', '去付款',
    '部分商品已下架或不存在,已从订单中去掉,请确认后重新提交。', '价格已变动,请确认新的合计后重新提交。',
    '请检查填写的内容:', '请求太频繁,请稍后再试。', '谢谢您的订购!', '订单号', '已付款', '待付款',
    '付款已取消,订单未付款。', '返回购物车', '购物车需要启用 JavaScript。', '暂时无法发起付款,请稍后再试。'),
  en: W('Cart', 'Your cart is empty.', 'Product', 'Quantity', 'Price', 'Total', 'Remove', 'Checkout', 'Name', 'Email', 'Phone',
    'Address', 'Address line 2', 'City', 'Postcode', 'Country', 'Note', 'Pay now',
    'Some products are no longer available and were taken out. Please check and submit again.',
    'Prices have changed. Please check the new total and submit again.',
    'Please check these fields:', 'Too many requests. Please try again in a minute.', 'Thank you for your order!',
    'Order number', 'Paid', 'Awaiting payment', 'The payment was cancelled; the order is not paid.', 'Back to cart',
    'The cart needs JavaScript.', 'The payment could not be started. Please try again later.'),
  fr: W('Panier', 'Votre panier est vide.', 'Produit', 'Quantité', 'Prix', 'Total', 'Retirer', 'Commande', 'Nom', 'E-mail', 'Téléphone',
    'Adresse', 'Complément d’adresse', 'Ville', 'Code postal', 'Pays', 'Remarque', 'Payer',
    'Certains produits ne sont plus disponibles et ont été retirés. Vérifiez puis validez à nouveau.',
    'Les prix ont changé. Vérifiez le nouveau total puis validez à nouveau.',
    'Veuillez vérifier ces champs :', 'Trop de demandes. Réessayez dans une minute.', 'Merci pour votre commande !',
    'Numéro de commande', 'Payée', 'En attente de paiement', 'Le paiement a été annulé ; la commande n’est pas payée.',
    'Retour au panier', 'Le panier nécessite JavaScript.', 'Le paiement n’a pas pu être lancé. Réessayez plus tard.'),
  de: W('Warenkorb', 'Ihr Warenkorb ist leer.', 'Produkt', 'Menge', 'Preis', 'Summe', 'Entfernen', 'Kasse', 'Name', 'E-Mail', 'Telefon',
    'Adresse', 'Adresszusatz', 'Stadt', 'Postleitzahl', 'Land', 'Anmerkung', 'Jetzt bezahlen',
    'Einige Produkte sind nicht mehr verfügbar und wurden entfernt. Bitte prüfen und erneut absenden.',
    'Die Preise haben sich geändert. Bitte die neue Summe prüfen und erneut absenden.',
    'Bitte prüfen Sie diese Felder:', 'Zu viele Anfragen. Bitte in einer Minute erneut versuchen.',
    'Vielen Dank für Ihre Bestellung!', 'Bestellnummer', 'Bezahlt', 'Zahlung ausstehend',
    'Die Zahlung wurde abgebrochen; die Bestellung ist nicht bezahlt.', 'Zurück zum Warenkorb', 'Der Warenkorb benötigt JavaScript.', 'Die Zahlung konnte nicht gestartet werden. Bitte später erneut versuchen.'),
  it: W('Carrello', 'Il carrello è vuoto.', 'Prodotto', 'Quantità', 'Prezzo', 'Totale', 'Rimuovi', 'Cassa', 'Nome', 'E-mail', 'Telefono',
    'Indirizzo', 'Indirizzo (riga 2)', 'Città', 'CAP', 'Paese', 'Nota', 'Paga ora',
    'Alcuni prodotti non sono più disponibili e sono stati rimossi. Controlla e invia di nuovo.',
    'I prezzi sono cambiati. Controlla il nuovo totale e invia di nuovo.',
    'Controlla questi campi:', 'Troppe richieste. Riprova tra un minuto.', 'Grazie per il tuo ordine!',
    'Numero d’ordine', 'Pagato', 'In attesa di pagamento', 'Il pagamento è stato annullato; l’ordine non è pagato.',
    'Torna al carrello', 'Il carrello richiede JavaScript.', 'Impossibile avviare il pagamento. Riprova più tardi.'),
  es: W('Carrito', 'Tu carrito está vacío.', 'Producto', 'Cantidad', 'Precio', 'Total', 'Quitar', 'Pago', 'Nombre', 'Correo electrónico', 'Teléfono',
    'Dirección', 'Dirección (línea 2)', 'Ciudad', 'Código postal', 'País', 'Nota', 'Pagar ahora',
    'Algunos productos ya no están disponibles y se han quitado. Revisa y envía de nuevo.',
    'Los precios han cambiado. Revisa el nuevo total y envía de nuevo.',
    'Revisa estos campos:', 'Demasiadas solicitudes. Inténtalo de nuevo en un minuto.', '¡Gracias por tu pedido!',
    'Número de pedido', 'Pagado', 'Pendiente de pago', 'El pago se canceló; el pedido no está pagado.',
    'Volver al carrito', 'El carrito necesita JavaScript.', 'No se pudo iniciar el pago. Inténtalo más tarde.'),
  nl: W('Winkelwagen', 'Je winkelwagen is leeg.', 'Product', 'Aantal', 'Prijs', 'Totaal', 'Verwijderen', 'Afrekenen', 'Naam', 'E-mail', 'Telefoon',
    'Adres', 'Adresregel 2', 'Plaats', 'Postcode', 'Land', 'Opmerking', 'Nu betalen',
    'Sommige producten zijn niet meer beschikbaar en zijn verwijderd. Controleer en verstuur opnieuw.',
    'De prijzen zijn gewijzigd. Controleer het nieuwe totaal en verstuur opnieuw.',
    'Controleer deze velden:', 'Te veel verzoeken. Probeer het over een minuut opnieuw.', 'Bedankt voor je bestelling!',
    'Bestelnummer', 'Betaald', 'Wacht op betaling', 'De betaling is geannuleerd; de bestelling is niet betaald.',
    'Terug naar winkelwagen', 'De winkelwagen heeft JavaScript nodig.', 'De betaling kon niet worden gestart. Probeer het later opnieuw.'),
  ja: W('カート', 'カートは空です。', '商品', '数量', '価格', '合計', '削除', 'ご注文手続き', 'お名前', 'メールアドレス', '電話番号',
    '住所', '住所(2行目)', '市区町村', '郵便番号', '国', '備考', '支払う',
    '一部の商品は販売終了のため削除されました。ご確認のうえ、もう一度送信してください。',
    '価格が変更されました。新しい合計をご確認のうえ、もう一度送信してください。',
    '次の項目をご確認ください:', 'リクエストが多すぎます。1分後にもう一度お試しください。', 'ご注文ありがとうございます!',
    '注文番号', '支払い済み', '支払い待ち', '支払いはキャンセルされました。注文は未払いです。', 'カートに戻る',
    'カートには JavaScript が必要です。', '支払いを開始できませんでした。しばらくしてからもう一度お試しください。'),
  se: W('Varukorg', 'Din varukorg är tom.', 'Produkt', 'Antal', 'Pris', 'Summa', 'Ta bort', 'Kassa', 'Namn', 'E-post', 'Telefon',
    'Adress', 'Adressrad 2', 'Ort', 'Postnummer', 'Land', 'Meddelande', 'Betala nu',
    'Vissa produkter finns inte längre och har tagits bort. Kontrollera och skicka igen.',
    'Priserna har ändrats. Kontrollera den nya summan och skicka igen.',
    'Kontrollera dessa fält:', 'För många förfrågningar. Försök igen om en minut.', 'Tack för din beställning!',
    'Ordernummer', 'Betald', 'Väntar på betalning', 'Betalningen avbröts; ordern är inte betald.', 'Tillbaka till varukorgen',
    'Varukorgen kräver JavaScript.', 'Betalningen kunde inte startas. Försök igen senare.'),
  pl: W('Koszyk', 'Twój koszyk jest pusty.', 'Produkt', 'Ilość', 'Cena', 'Razem', 'Usuń', 'Kasa', 'Imię i nazwisko', 'E-mail', 'Telefon',
    'Adres', 'Adres (linia 2)', 'Miasto', 'Kod pocztowy', 'Kraj', 'Uwagi', 'Zapłać teraz',
    'Niektóre produkty nie są już dostępne i zostały usunięte. Sprawdź i wyślij ponownie.',
    'Ceny się zmieniły. Sprawdź nową sumę i wyślij ponownie.',
    'Sprawdź te pola:', 'Zbyt wiele żądań. Spróbuj ponownie za minutę.', 'Dziękujemy za zamówienie!',
    'Numer zamówienia', 'Opłacone', 'Oczekuje na płatność', 'Płatność została anulowana; zamówienie nie jest opłacone.',
    'Wróć do koszyka', 'Koszyk wymaga JavaScript.', 'Nie udało się rozpocząć płatności. Spróbuj ponownie później.'),
  br: W('Carrinho', 'Seu carrinho está vazio.', 'Produto', 'Quantidade', 'Preço', 'Total', 'Remover', 'Finalizar compra', 'Nome', 'E-mail', 'Telefone',
    'Endereço', 'Complemento', 'Cidade', 'CEP', 'País', 'Observação', 'Pagar agora',
    'Alguns produtos não estão mais disponíveis e foram retirados. Confira e envie novamente.',
    'Os preços mudaram. Confira o novo total e envie novamente.',
    'Confira estes campos:', 'Muitas solicitações. Tente novamente em um minuto.', 'Obrigado pelo seu pedido!',
    'Número do pedido', 'Pago', 'Aguardando pagamento', 'O pagamento foi cancelado; o pedido não está pago.',
    'Voltar ao carrinho', 'O carrinho precisa de JavaScript.', 'Não foi possível iniciar o pagamento. Tente novamente mais tarde.'),
  ae: W('سلة التسوق', 'سلة التسوق فارغة.', 'المنتج', 'الكمية', 'السعر', 'الإجمالي', 'إزالة', 'الدفع', 'الاسم', 'البريد الإلكتروني', 'الهاتف',
    'العنوان', 'العنوان (السطر 2)', 'المدينة', 'الرمز البريدي', 'البلد', 'ملاحظة', 'ادفع الآن',
    'بعض المنتجات لم تعد متوفرة وتمت إزالتها. يرجى المراجعة والإرسال مرة أخرى.',
    'تغيرت الأسعار. يرجى مراجعة الإجمالي الجديد والإرسال مرة أخرى.',
    'يرجى التحقق من هذه الحقول:', 'طلبات كثيرة جدًا. حاول مرة أخرى بعد دقيقة.', 'شكرًا لطلبك!',
    'رقم الطلب', 'مدفوع', 'بانتظار الدفع', 'تم إلغاء الدفع؛ الطلب غير مدفوع.', 'العودة إلى السلة', 'تتطلب السلة JavaScript.', 'تعذر بدء الدفع. حاول مرة أخرى لاحقًا.'),
};

/** The words of a language, English when the language has none. */
export function cartWordsOf(lang: string): CartWords {
  return CART_WORDS[lang] ?? CART_WORDS.en!;
}
