"""Text written for the independent sets (issue 38), not drawn from text-corpus.ts: sentences as a
shop sign, a notice or a page would say them, 3-5 letter words as on a label or a button, and digit
lines. The measuring set and the calibration set have their own sentences and words (no sentence or
word is in both), so the calibration cannot have seen the measuring set's text.
"""

SENTENCES = {
    "measure": {
        "latin": [
            "The river runs quietly past the old mill",
            "Fresh bread is sold here every morning",
            "Please keep this door closed at all times",
            "We walked along the harbour until sunset",
            "A small garden grows behind the library",
            "Winter evenings are made for long stories",
            "The museum opens at nine on weekdays",
            "Our neighbours painted their fence bright yellow",
            "Mind the gap between the train and the platform",
            "She keeps her letters in a wooden box",
            "Tickets are available at the front desk",
            "The storm passed before anyone woke up",
            "Every journey begins with a single step",
            "Handmade soap with lavender and honey",
            "Grand opening this Saturday afternoon",
            "The children built a castle out of sand",
            "Turn left after the second bridge",
            "Quiet please, exams in progress",
            "Coffee tastes better when shared with friends",
            "The orchestra tuned their instruments slowly",
            "Bicycles must be walked through the square",
            "Summer sale on all linen shirts",
            "He forgot his umbrella at the station",
            "Birds gather on the wires at dusk",
            "Welcome to the annual spring fair",
            "The recipe calls for two cups of flour",
            "No parking in front of the gate",
            "Lights out at eleven o'clock sharp",
            "The village well has never run dry",
            "Deliveries are accepted at the rear entrance",
        ],
        "arabic": [
            "الشمس تغيب خلف التلال البعيدة",
            "في الصباح نشرب القهوة مع التمر",
            "افتتح المتحف جناحا جديدا للخط العربي",
            "كانت الرحلة إلى الجنوب طويلة وممتعة",
            "يحب الأطفال اللعب على شاطئ البحر",
            "أرسلت إليك الكتاب بالبريد أمس",
            "تبدأ الدروس بعد عطلة الربيع",
            "يقدم هذا المطعم أشهى الأطباق الشعبية",
            "نلتقي عند بوابة الحديقة في الخامسة",
            "اشتريت قميصا أزرق من السوق القديم",
            "المطر يغسل شوارع المدينة بهدوء",
            "قرأت رواية جميلة عن البحارة",
            "الطريق إلى القرية يمر بين المزارع",
            "صوت المؤذن يملأ الحي عند الفجر",
            "تعلمت الخياطة من جدتي",
            "يفتح المخبز أبوابه قبل شروق الشمس",
            "زرنا قلعة تاريخية على قمة الجبل",
            "تتأخر الحافلة كثيرا في أيام الشتاء",
            "نحتفل الليلة بنجاح أخي في الجامعة",
            "هل تعرف أين تقع محطة القطار؟",
            "تتفتح الزهور في بداية الموسم",
            "يعمل أبي مهندسا في شركة الكهرباء",
            "رسم الفنان لوحة كبيرة للبحر",
            "أغلقت المكتبة أبوابها مبكرا اليوم",
            "الصبر مفتاح الفرج",
            "يسعدنا استقبالكم في معرضنا السنوي",
            "خصم خاص لأعضاء النادي هذا الأسبوع",
            "ممنوع الوقوف أمام المدخل",
            "حافظوا على نظافة المكان",
            "أهلا بكم في مقهى الواحة",
        ],
    },
    "calibrate": {
        "latin": [
            "The lighthouse keeper climbed the stairs again",
            "Our bakery closes early on Sundays",
            "Fresh flowers arrive every Thursday morning",
            "The hikers rested beside a cold stream",
            "Please wait here until your name is called",
            "A gentle breeze moved through the olive trees",
            "The newspaper arrived late this morning",
            "Emergency exit only, alarm will sound",
            "She painted the kitchen a pale green",
            "The pharmacy is open around the clock",
            "Two scoops of ice cream for the price of one",
            "Thunder rolled across the empty fields",
            "He repaired the clock with great patience",
            "Students must show their cards at entry",
            "The ferry leaves from the northern pier",
            "Keep calm and carry on reading",
            "The market smells of spices and oranges",
            "Our team won the final in extra time",
            "Children under twelve travel free",
            "The snow melted before the weekend",
            "Wet paint, do not touch",
            "A long queue formed outside the cinema",
            "Grandfather tells the best stories",
            "Open daily from ten until six",
            "The kettle whistled on the stove",
        ],
        "arabic": [
            "يمتد الشاطئ مسافة طويلة نحو الشمال",
            "جهزت أمي الغداء قبل وصول الضيوف",
            "تعمل الصيدلية طوال الليل",
            "وصلت الطائرة متأخرة بسبب الضباب",
            "يدرس أخي الطب في مدينة بعيدة",
            "نظمت المدرسة رحلة إلى المزرعة",
            "للكتب القديمة رائحة مميزة",
            "يزرع الفلاح القمح في الخريف",
            "شاهدنا مباراة مثيرة مساء الجمعة",
            "يبيع العطار البهارات والأعشاب",
            "انقطعت الكهرباء ساعة كاملة",
            "حديقة الحيوان مزدحمة في العطلة",
            "تبحر السفينة نحو الميناء الكبير",
            "أنهيت كتابة التقرير في موعده",
            "تتساقط الثلوج على قمم الجبال",
            "الرجاء إطفاء الهاتف داخل القاعة",
            "عروض مميزة على الأجهزة المنزلية",
            "المدخل الرئيسي من الجهة الغربية",
            "تفضلوا بزيارة فرعنا الجديد",
            "اجتمع الأصدقاء حول النار",
            "يغرد العصفور فوق الشجرة",
            "تعلمت ركوب الدراجة في الصيف",
            "البحر هادئ والسماء صافية",
            "نبيع الكتب المستعملة بأسعار رمزية",
            "الدخول مجاني للأطفال",
        ],
    },
}

# 3-5 letters each (Arabic counted in letters, without marks).
SHORT_WORDS = {
    "measure": {
        "latin": (
            "bread lamp river cloud stone chair table sugar honey salt rope boat kite moon star fish bird gate "
            "road hill wolf bear tree leaf seed milk cake SALE OPEN EXIT STOP PUSH PULL FREE NEW HOT COLD MENU "
            "CAFE SHOP BANK TAXI BUS INFO TOUR tea jam pen ink cup owl fox map bag hat ring fork bell"
        ).split(),
        "arabic": (
            "خبز ملح سكر قمر نجم بحر نهر جبل شجر ورد باب بيت سوق مطر برد حار مفتوح مغلق خروج دخول سحب دفع "
            "مقهى مطعم فندق بنك عسل شاي حليب كعك سمك طير ذئب أسد غزال نخيل زيت لبن مسجد شارع حديقة مدرسة "
            "مكتب قلم ورقة حقيبة ساعة هدية عرض خصم جديد"
        ).split(),
    },
    "calibrate": {
        "latin": (
            "apple grape lemon mango peach pearl dress shoe sock coat glove desk sofa door roof wall path lake "
            "pond sand snow rain mist frog duck goat lion deer crow HOTEL PARK GYM CLUB SPA BAR ZOO LIFT WAY "
            "KIDS SOUP RICE oak elm ivy saw nail bolt drum harp flute"
        ).split(),
        "arabic": (
            "تفاح عنب ليمون موز خوخ رمان ثوب حذاء معطف كرسي سرير نافذة سقف حائط درب بحيرة ثلج ضباب ضفدع بطة "
            "ماعز غراب فراشة نملة صقر ملعب نادي مصعد طريق أطفال شوربة أرز فول خيمة فانوس مرسى شراع قارب جسر "
            "نفق برج متجر مخبز صالة مدخل مخرج هاتف مفتاح"
        ).split(),
    },
}

ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩"


def to_arabic_indic(s: str) -> str:
    return "".join(ARABIC_INDIC[int(c)] if c.isdigit() else c for c in s)


def digit_line(rng, arabic_indic: bool) -> str:
    """A line that is mostly digits: a price, a date, a time, a phone number, a reference."""
    n = lambda lo, hi: str(rng.randint(lo, hi))
    forms = [
        lambda: f"{n(1, 999)}.{n(0, 99).zfill(2)}",
        lambda: f"{n(1, 28)}/{n(1, 12)}/{n(1990, 2030)}",
        lambda: f"{n(1990, 2030)}-{n(1, 12).zfill(2)}-{n(1, 28).zfill(2)}",
        lambda: f"+966 5{n(0, 9)} {n(100, 999)} {n(1000, 9999)}",
        lambda: f"{n(0, 23).zfill(2)}:{n(0, 59).zfill(2)}",
        lambda: f"{n(1, 9)},{n(0, 999).zfill(3)}",
        lambda: f"{n(10, 99)} {n(100, 999)} {n(10, 99)}",
        lambda: f"{n(100, 99999)}",
    ]
    s = rng.choice(forms)()
    if not arabic_indic:
        return s
    # Arabic-Indic digits with the Arabic decimal and thousands separators where a writer would use them.
    return to_arabic_indic(s.replace(".", "٫").replace(",", "٬"))
