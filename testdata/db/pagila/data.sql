-- The sample data of pagila (https://github.com/devrimgunduz/pagila,
-- pagila-data.sql of commit e0e35a6), trimmed by dgslint's tests to the
-- first 20 rows of each table; see README in this folder.  Loaded after
-- schema.sql with the foreign keys' triggers off (the rows a kept row
-- refers to may be gone), which needs a superuser.
SET session_replication_role = replica;
SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;
COPY public.actor (actor_id, first_name, last_name, last_update) FROM stdin;
1	PENELOPE	GUINESS	2022-02-15 09:34:33+00
2	NICK	WAHLBERG	2022-02-15 09:34:33+00
3	ED	CHASE	2022-02-15 09:34:33+00
4	JENNIFER	DAVIS	2022-02-15 09:34:33+00
5	JOHNNY	LOLLOBRIGIDA	2022-02-15 09:34:33+00
6	BETTE	NICHOLSON	2022-02-15 09:34:33+00
7	GRACE	MOSTEL	2022-02-15 09:34:33+00
8	MATTHEW	JOHANSSON	2022-02-15 09:34:33+00
9	JOE	SWANK	2022-02-15 09:34:33+00
10	CHRISTIAN	GABLE	2022-02-15 09:34:33+00
11	ZERO	CAGE	2022-02-15 09:34:33+00
12	KARL	BERRY	2022-02-15 09:34:33+00
13	UMA	WOOD	2022-02-15 09:34:33+00
14	VIVIEN	BERGEN	2022-02-15 09:34:33+00
15	CUBA	OLIVIER	2022-02-15 09:34:33+00
16	FRED	COSTNER	2022-02-15 09:34:33+00
17	HELEN	VOIGHT	2022-02-15 09:34:33+00
18	DAN	TORN	2022-02-15 09:34:33+00
19	BOB	FAWCETT	2022-02-15 09:34:33+00
20	LUCILLE	TRACY	2022-02-15 09:34:33+00
\.

COPY public.country (country_id, country, last_update) FROM stdin;
1	Afghanistan	2022-02-15 09:44:00+00
2	Algeria	2022-02-15 09:44:00+00
3	American Samoa	2022-02-15 09:44:00+00
4	Angola	2022-02-15 09:44:00+00
5	Anguilla	2022-02-15 09:44:00+00
6	Argentina	2022-02-15 09:44:00+00
7	Armenia	2022-02-15 09:44:00+00
8	Australia	2022-02-15 09:44:00+00
9	Austria	2022-02-15 09:44:00+00
10	Azerbaijan	2022-02-15 09:44:00+00
11	Bahrain	2022-02-15 09:44:00+00
12	Bangladesh	2022-02-15 09:44:00+00
13	Belarus	2022-02-15 09:44:00+00
14	Bolivia	2022-02-15 09:44:00+00
15	Brazil	2022-02-15 09:44:00+00
16	Brunei	2022-02-15 09:44:00+00
17	Bulgaria	2022-02-15 09:44:00+00
18	Cambodia	2022-02-15 09:44:00+00
19	Cameroon	2022-02-15 09:44:00+00
20	Canada	2022-02-15 09:44:00+00
\.

COPY public.city (city_id, city, country_id, last_update) FROM stdin;
1	A Corua (La Corua)	87	2022-02-15 09:45:25+00
2	Abha	82	2022-02-15 09:45:25+00
3	Abu Dhabi	101	2022-02-15 09:45:25+00
4	Acua	60	2022-02-15 09:45:25+00
5	Adana	97	2022-02-15 09:45:25+00
6	Addis Abeba	31	2022-02-15 09:45:25+00
7	Aden	107	2022-02-15 09:45:25+00
8	Adoni	44	2022-02-15 09:45:25+00
9	Ahmadnagar	44	2022-02-15 09:45:25+00
10	Akishima	50	2022-02-15 09:45:25+00
11	Akron	103	2022-02-15 09:45:25+00
12	al-Ayn	101	2022-02-15 09:45:25+00
13	al-Hawiya	82	2022-02-15 09:45:25+00
14	al-Manama	11	2022-02-15 09:45:25+00
15	al-Qadarif	89	2022-02-15 09:45:25+00
16	al-Qatif	82	2022-02-15 09:45:25+00
17	Alessandria	49	2022-02-15 09:45:25+00
18	Allappuzha (Alleppey)	44	2022-02-15 09:45:25+00
19	Allende	60	2022-02-15 09:45:25+00
20	Almirante Brown	6	2022-02-15 09:45:25+00
\.

COPY public.address (address_id, address, address2, district, city_id, postal_code, phone, last_update) FROM stdin;
1	47 MySakila Drive	\N	Alberta	300			2022-02-15 09:45:30+00
2	28 MySQL Boulevard	\N	QLD	576			2022-02-15 09:45:30+00
3	23 Workhaven Lane	\N	Alberta	300		14033335568	2022-02-15 09:45:30+00
4	1411 Lillydale Drive	\N	QLD	576		6172235589	2022-02-15 09:45:30+00
5	1913 Hanoi Way		Nagasaki	463	35200	28303384290	2022-02-15 09:45:30+00
6	1121 Loja Avenue		California	449	17886	838635286649	2022-02-15 09:45:30+00
7	692 Joliet Street		Attika	38	83579	448477190408	2022-02-15 09:45:30+00
8	1566 Inegl Manor		Mandalay	349	53561	705814003527	2022-02-15 09:45:30+00
9	53 Idfu Parkway		Nantou	361	42399	10655648674	2022-02-15 09:45:30+00
10	1795 Santiago de Compostela Way		Texas	295	18743	860452626434	2022-02-15 09:45:30+00
11	900 Santiago de Compostela Parkway		Central Serbia	280	93896	716571220373	2022-02-15 09:45:30+00
12	478 Joliet Way		Hamilton	200	77948	657282285970	2022-02-15 09:45:30+00
13	613 Korolev Drive		Masqat	329	45844	380657522649	2022-02-15 09:45:30+00
14	1531 Sal Drive		Esfahan	162	53628	648856936185	2022-02-15 09:45:30+00
15	1542 Tarlac Parkway		Kanagawa	440	1027	635297277345	2022-02-15 09:45:30+00
16	808 Bhopal Manor		Haryana	582	10672	465887807014	2022-02-15 09:45:30+00
17	270 Amroha Parkway		Osmaniye	384	29610	695479687538	2022-02-15 09:45:30+00
18	770 Bydgoszcz Avenue		California	120	16266	517338314235	2022-02-15 09:45:30+00
19	419 Iligan Lane		Madhya Pradesh	76	72878	990911107354	2022-02-15 09:45:30+00
20	360 Toulouse Parkway		England	495	54308	949312333307	2022-02-15 09:45:30+00
\.

COPY public.category (category_id, name, last_update) FROM stdin;
1	Action	2022-02-15 09:46:27+00
2	Animation	2022-02-15 09:46:27+00
3	Children	2022-02-15 09:46:27+00
4	Classics	2022-02-15 09:46:27+00
5	Comedy	2022-02-15 09:46:27+00
6	Documentary	2022-02-15 09:46:27+00
7	Drama	2022-02-15 09:46:27+00
8	Family	2022-02-15 09:46:27+00
9	Foreign	2022-02-15 09:46:27+00
10	Games	2022-02-15 09:46:27+00
11	Horror	2022-02-15 09:46:27+00
12	Music	2022-02-15 09:46:27+00
13	New	2022-02-15 09:46:27+00
14	Sci-Fi	2022-02-15 09:46:27+00
15	Sports	2022-02-15 09:46:27+00
16	Travel	2022-02-15 09:46:27+00
\.

COPY public.store (store_id, manager_staff_id, address_id, last_update) FROM stdin;
0	0	73	2022-02-15 09:57:12+00
1	1	129	2022-02-15 09:57:12+00
2	2	12	2022-02-15 09:57:12+00
3	3	71	2022-02-15 09:57:12+00
4	4	18	2022-02-15 09:57:12+00
5	5	43	2022-02-15 09:57:12+00
6	6	67	2022-02-15 09:57:12+00
7	7	37	2022-02-15 09:57:12+00
8	8	28	2022-02-15 09:57:12+00
9	9	98	2022-02-15 09:57:12+00
10	10	108	2022-02-15 09:57:12+00
11	11	96	2022-02-15 09:57:12+00
12	12	105	2022-02-15 09:57:12+00
13	13	36	2022-02-15 09:57:12+00
14	14	45	2022-02-15 09:57:12+00
15	15	24	2022-02-15 09:57:12+00
16	16	30	2022-02-15 09:57:12+00
17	17	26	2022-02-15 09:57:12+00
18	18	63	2022-02-15 09:57:12+00
19	19	106	2022-02-15 09:57:12+00
\.

COPY public.customer (customer_id, store_id, first_name, last_name, email, address_id, activebool, create_date, last_update, active) FROM stdin;
1	1	MARY	SMITH	MARY.SMITH@sakilacustomer.org	5	t	2022-02-14	2022-02-15 09:57:20+00	1
2	1	PATRICIA	JOHNSON	PATRICIA.JOHNSON@sakilacustomer.org	6	t	2022-02-14	2022-02-15 09:57:20+00	1
3	1	LINDA	WILLIAMS	LINDA.WILLIAMS@sakilacustomer.org	7	t	2022-02-14	2022-02-15 09:57:20+00	1
4	2	BARBARA	JONES	BARBARA.JONES@sakilacustomer.org	8	t	2022-02-14	2022-02-15 09:57:20+00	1
5	1	ELIZABETH	BROWN	ELIZABETH.BROWN@sakilacustomer.org	9	t	2022-02-14	2022-02-15 09:57:20+00	1
6	2	JENNIFER	DAVIS	JENNIFER.DAVIS@sakilacustomer.org	10	t	2022-02-14	2022-02-15 09:57:20+00	1
7	1	MARIA	MILLER	MARIA.MILLER@sakilacustomer.org	11	t	2022-02-14	2022-02-15 09:57:20+00	1
8	2	SUSAN	WILSON	SUSAN.WILSON@sakilacustomer.org	12	t	2022-02-14	2022-02-15 09:57:20+00	1
9	2	MARGARET	MOORE	MARGARET.MOORE@sakilacustomer.org	13	t	2022-02-14	2022-02-15 09:57:20+00	1
10	1	DOROTHY	TAYLOR	DOROTHY.TAYLOR@sakilacustomer.org	14	t	2022-02-14	2022-02-15 09:57:20+00	1
11	2	LISA	ANDERSON	LISA.ANDERSON@sakilacustomer.org	15	t	2022-02-14	2022-02-15 09:57:20+00	1
12	1	NANCY	THOMAS	NANCY.THOMAS@sakilacustomer.org	16	t	2022-02-14	2022-02-15 09:57:20+00	1
13	2	KAREN	JACKSON	KAREN.JACKSON@sakilacustomer.org	17	t	2022-02-14	2022-02-15 09:57:20+00	1
14	2	BETTY	WHITE	BETTY.WHITE@sakilacustomer.org	18	t	2022-02-14	2022-02-15 09:57:20+00	1
15	1	HELEN	HARRIS	HELEN.HARRIS@sakilacustomer.org	19	t	2022-02-14	2022-02-15 09:57:20+00	1
16	2	SANDRA	MARTIN	SANDRA.MARTIN@sakilacustomer.org	20	t	2022-02-14	2022-02-15 09:57:20+00	0
17	1	DONNA	THOMPSON	DONNA.THOMPSON@sakilacustomer.org	21	t	2022-02-14	2022-02-15 09:57:20+00	1
18	2	CAROL	GARCIA	CAROL.GARCIA@sakilacustomer.org	22	t	2022-02-14	2022-02-15 09:57:20+00	1
19	1	RUTH	MARTINEZ	RUTH.MARTINEZ@sakilacustomer.org	23	t	2022-02-14	2022-02-15 09:57:20+00	1
20	2	SHARON	ROBINSON	SHARON.ROBINSON@sakilacustomer.org	24	t	2022-02-14	2022-02-15 09:57:20+00	1
\.

COPY public.language (language_id, name, last_update) FROM stdin;
1	English             	2022-02-15 10:02:19+00
2	Italian             	2022-02-15 10:02:19+00
3	Japanese            	2022-02-15 10:02:19+00
4	Mandarin            	2022-02-15 10:02:19+00
5	French              	2022-02-15 10:02:19+00
6	German              	2022-02-15 10:02:19+00
\.

COPY public.film (film_id, title, description, release_year, language_id, original_language_id, rental_duration, rental_rate, length, replacement_cost, rating, last_update, special_features, fulltext) FROM stdin;
1	ACADEMY DINOSAUR	A Epic Drama of a Feminist And a Mad Scientist who must Battle a Teacher in The Canadian Rockies	2012	1	\N	6	0.99	86	20.99	PG	2022-09-10 16:46:03.905795+00	{"Deleted Scenes","Behind the Scenes"}	'academi':1 'battl':15 'canadian':20 'dinosaur':2 'drama':5 'epic':4 'feminist':8 'mad':11 'must':14 'rocki':21 'scientist':12 'teacher':17
2	ACE GOLDFINGER	A Astounding Epistle of a Database Administrator And a Explorer who must Find a Car in Ancient China	2023	1	\N	3	4.99	48	12.99	G	2022-09-10 16:46:03.905795+00	{Trailers,"Deleted Scenes"}	'ace':1 'administr':9 'ancient':19 'astound':4 'car':17 'china':20 'databas':8 'epistl':5 'explor':12 'find':15 'goldfing':2 'must':14
3	ADAPTATION HOLES	A Astounding Reflection of a Lumberjack And a Car who must Sink a Lumberjack in A Baloon Factory	2017	2	\N	7	2.99	50	18.99	NC-17	2022-09-10 16:46:03.905795+00	{Trailers,"Deleted Scenes"}	'adapt':1 'astound':4 'baloon':19 'car':11 'factori':20 'hole':2 'lumberjack':8,16 'must':13 'reflect':5 'sink':14
4	AFFAIR PREJUDICE	A Fanciful Documentary of a Frisbee And a Lumberjack who must Chase a Monkey in A Shark Tank	2023	6	\N	5	2.99	117	26.99	G	2022-09-10 16:46:03.905795+00	{Commentaries,"Behind the Scenes"}	'affair':1 'chase':14 'documentari':5 'fanci':4 'frisbe':8 'lumberjack':11 'monkey':16 'must':13 'prejudic':2 'shark':19 'tank':20
5	AFRICAN EGG	A Fast-Paced Documentary of a Pastry Chef And a Dentist who must Pursue a Forensic Psychologist in The Gulf of Mexico	2019	4	\N	6	2.99	130	22.99	G	2022-09-10 16:46:03.905795+00	{"Deleted Scenes"}	'african':1 'chef':11 'dentist':14 'documentari':7 'egg':2 'fast':5 'fast-pac':4 'forens':19 'gulf':23 'mexico':25 'must':16 'pace':6 'pastri':10 'psychologist':20 'pursu':17
6	AGENT TRUMAN	A Intrepid Panorama of a Robot And a Boy who must Escape a Sumo Wrestler in Ancient China	2010	1	\N	3	2.99	169	17.99	PG	2022-09-10 16:46:03.905795+00	{"Deleted Scenes"}	'agent':1 'ancient':19 'boy':11 'china':20 'escap':14 'intrepid':4 'must':13 'panorama':5 'robot':8 'sumo':16 'truman':2 'wrestler':17
7	AIRPLANE SIERRA	A Touching Saga of a Hunter And a Butler who must Discover a Butler in A Jet Boat	2019	1	\N	6	4.99	62	28.99	PG-13	2022-09-10 16:46:03.905795+00	{Trailers,"Deleted Scenes"}	'airplan':1 'boat':20 'butler':11,16 'discov':14 'hunter':8 'jet':19 'must':13 'saga':5 'sierra':2 'touch':4
8	AIRPORT POLLOCK	A Epic Tale of a Moose And a Girl who must Confront a Monkey in Ancient India	2010	1	\N	6	4.99	54	15.99	R	2022-09-10 16:46:03.905795+00	{Trailers}	'airport':1 'ancient':18 'confront':14 'epic':4 'girl':11 'india':19 'monkey':16 'moos':8 'must':13 'pollock':2 'tale':5
9	ALABAMA DEVIL	A Thoughtful Panorama of a Database Administrator And a Mad Scientist who must Outgun a Mad Scientist in A Jet Boat	2011	1	\N	3	2.99	114	21.99	PG-13	2022-09-10 16:46:03.905795+00	{Trailers,"Deleted Scenes"}	'administr':9 'alabama':1 'boat':23 'databas':8 'devil':2 'jet':22 'mad':12,18 'must':15 'outgun':16 'panorama':5 'scientist':13,19 'thought':4
10	ALADDIN CALENDAR	A Action-Packed Tale of a Man And a Lumberjack who must Reach a Feminist in Ancient China	2014	1	\N	6	4.99	63	24.99	NC-17	2022-09-10 16:46:03.905795+00	{Trailers,"Deleted Scenes"}	'action':5 'action-pack':4 'aladdin':1 'ancient':20 'calendar':2 'china':21 'feminist':18 'lumberjack':13 'man':10 'must':15 'pack':6 'reach':16 'tale':7
11	ALAMO VIDEOTAPE	A Boring Epistle of a Butler And a Cat who must Fight a Pastry Chef in A MySQL Convention	2024	4	\N	6	0.99	126	16.99	G	2022-09-10 16:46:03.905795+00	{Commentaries,"Behind the Scenes"}	'alamo':1 'bore':4 'butler':8 'cat':11 'chef':17 'convent':21 'epistl':5 'fight':14 'must':13 'mysql':20 'pastri':16 'videotap':2
12	ALASKA PHANTOM	A Fanciful Saga of a Hunter And a Pastry Chef who must Vanquish a Boy in Australia	2016	1	\N	6	0.99	136	22.99	PG	2022-09-10 16:46:03.905795+00	{Commentaries,"Deleted Scenes"}	'alaska':1 'australia':19 'boy':17 'chef':12 'fanci':4 'hunter':8 'must':14 'pastri':11 'phantom':2 'saga':5 'vanquish':15
213	DATE SPEED	A Touching Saga of a Composer And a Moose who must Discover a Dentist in A MySQL Convention	2006	6	\N	4	0.99	104	19.99	R	2022-09-10 16:46:03.905795+00	{Commentaries}	'compos':8 'convent':20 'date':1 'dentist':16 'discov':14 'moos':11 'must':13 'mysql':19 'saga':5 'speed':2 'touch':4
13	ALI FOREVER	A Action-Packed Drama of a Dentist And a Crocodile who must Battle a Feminist in The Canadian Rockies	2021	4	\N	4	4.99	150	21.99	PG	2022-09-10 16:46:03.905795+00	{"Deleted Scenes","Behind the Scenes"}	'action':5 'action-pack':4 'ali':1 'battl':16 'canadian':21 'crocodil':13 'dentist':10 'drama':7 'feminist':18 'forev':2 'must':15 'pack':6 'rocki':22
14	ALICE FANTASIA	A Emotional Drama of a A Shark And a Database Administrator who must Vanquish a Pioneer in Soviet Georgia	2013	4	\N	6	0.99	94	23.99	NC-17	2022-09-10 16:46:03.905795+00	{Trailers,"Deleted Scenes","Behind the Scenes"}	'administr':13 'alic':1 'databas':12 'drama':5 'emot':4 'fantasia':2 'georgia':21 'must':15 'pioneer':18 'shark':9 'soviet':20 'vanquish':16
15	ALIEN CENTER	A Brilliant Drama of a Cat And a Mad Scientist who must Battle a Feminist in A MySQL Convention	2007	2	\N	5	2.99	46	10.99	NC-17	2022-09-10 16:46:03.905795+00	{Trailers,Commentaries,"Behind the Scenes"}	'alien':1 'battl':15 'brilliant':4 'cat':8 'center':2 'convent':21 'drama':5 'feminist':17 'mad':11 'must':14 'mysql':20 'scientist':12
16	ALLEY EVOLUTION	A Fast-Paced Drama of a Robot And a Composer who must Battle a Astronaut in New Orleans	2009	1	\N	6	2.99	180	23.99	NC-17	2022-09-10 16:46:03.905795+00	{Trailers,Commentaries}	'alley':1 'astronaut':18 'battl':16 'compos':13 'drama':7 'evolut':2 'fast':5 'fast-pac':4 'must':15 'new':20 'orlean':21 'pace':6 'robot':10
17	ALONE TRIP	A Fast-Paced Character Study of a Composer And a Dog who must Outgun a Boat in An Abandoned Fun House	2022	4	\N	3	0.99	82	14.99	R	2022-09-10 16:46:03.905795+00	{Trailers,"Behind the Scenes"}	'abandon':22 'alon':1 'boat':19 'charact':7 'compos':11 'dog':14 'fast':5 'fast-pac':4 'fun':23 'hous':24 'must':16 'outgun':17 'pace':6 'studi':8 'trip':2
18	ALTER VICTORY	A Thoughtful Drama of a Composer And a Feminist who must Meet a Secret Agent in The Canadian Rockies	2017	1	\N	6	0.99	57	27.99	PG-13	2022-09-10 16:46:03.905795+00	{Trailers,"Behind the Scenes"}	'agent':17 'alter':1 'canadian':20 'compos':8 'drama':5 'feminist':11 'meet':14 'must':13 'rocki':21 'secret':16 'thought':4 'victori':2
19	AMADEUS HOLY	A Emotional Display of a Pioneer And a Technical Writer who must Battle a Man in A Baloon	2012	1	\N	6	0.99	113	20.99	PG	2022-09-10 16:46:03.905795+00	{Commentaries,"Deleted Scenes","Behind the Scenes"}	'amadeus':1 'baloon':20 'battl':15 'display':5 'emot':4 'holi':2 'man':17 'must':14 'pioneer':8 'technic':11 'writer':12
\.

COPY public.film_actor (actor_id, film_id, last_update) FROM stdin;
1	1	2022-02-15 10:05:03+00
1	23	2022-02-15 10:05:03+00
1	25	2022-02-15 10:05:03+00
1	106	2022-02-15 10:05:03+00
1	140	2022-02-15 10:05:03+00
1	166	2022-02-15 10:05:03+00
1	277	2022-02-15 10:05:03+00
1	361	2022-02-15 10:05:03+00
1	438	2022-02-15 10:05:03+00
1	499	2022-02-15 10:05:03+00
1	506	2022-02-15 10:05:03+00
1	509	2022-02-15 10:05:03+00
1	605	2022-02-15 10:05:03+00
1	635	2022-02-15 10:05:03+00
1	749	2022-02-15 10:05:03+00
1	832	2022-02-15 10:05:03+00
1	939	2022-02-15 10:05:03+00
1	970	2022-02-15 10:05:03+00
1	980	2022-02-15 10:05:03+00
2	3	2022-02-15 10:05:03+00
\.

COPY public.film_category (film_id, category_id, last_update) FROM stdin;
56	11	2022-02-15 10:07:09+00
62	5	2022-02-15 10:07:09+00
95	6	2022-02-15 10:07:09+00
39	8	2022-02-15 10:07:09+00
5	9	2022-02-15 10:07:09+00
37	1	2022-02-15 10:07:09+00
2	1	2022-02-15 10:07:09+00
58	14	2022-02-15 10:07:09+00
12	1	2022-02-15 10:07:09+00
92	12	2022-02-15 10:07:09+00
93	9	2022-02-15 10:07:09+00
94	10	2022-02-15 10:07:09+00
77	3	2022-02-15 10:07:09+00
57	11	2022-02-15 10:07:09+00
106	2	2022-02-15 10:07:09+00
99	12	2022-02-15 10:07:09+00
100	2	2022-02-15 10:07:09+00
85	15	2022-02-15 10:07:09+00
43	14	2022-02-15 10:07:09+00
35	4	2022-02-15 10:07:09+00
\.

COPY public.inventory (inventory_id, film_id, store_id, last_update) FROM stdin;
1	1	1	2022-02-15 10:09:17+00
2	1	1	2022-02-15 10:09:17+00
3	1	1	2022-02-15 10:09:17+00
4	1	1	2022-02-15 10:09:17+00
5	1	2	2022-02-15 10:09:17+00
6	1	2	2022-02-15 10:09:17+00
7	1	2	2022-02-15 10:09:17+00
8	1	2	2022-02-15 10:09:17+00
9	2	2	2022-02-15 10:09:17+00
10	2	2	2022-02-15 10:09:17+00
11	2	2	2022-02-15 10:09:17+00
12	3	2	2022-02-15 10:09:17+00
13	3	2	2022-02-15 10:09:17+00
14	3	2	2022-02-15 10:09:17+00
15	3	2	2022-02-15 10:09:17+00
16	4	1	2022-02-15 10:09:17+00
17	4	1	2022-02-15 10:09:17+00
18	4	1	2022-02-15 10:09:17+00
19	4	1	2022-02-15 10:09:17+00
20	4	2	2022-02-15 10:09:17+00
\.

COPY public.staff (staff_id, first_name, last_name, address_id, email, store_id, active, username, password, last_update, picture) FROM stdin;
0	Tisha	DuBuque	28	schneider9987@rosenbaumreichert.com	23	t	sina.corkery	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
1	Warner	Hudson	45	hartmann1448@ratkehaley.com	25	t	fay.kub	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
2	Lavone	O'Reilly	6	mclaughlin3045@kleinwisokyandswaniawski.com	33	t	gaston.wuckert	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
3	Louie	Walter	28	ondricka8612@baileykeebler.com	18	t	lewis.damore	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
4	Domenica	Armstrong	8	walsh2658@corkeryinc.com	3	t	jannette.effertz	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
5	Adah	Leuschke	20	fritsch2775@rempelsanfordandprice.com	17	t	rona.wolf	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
6	Theo	Harber	25	dickinson5918@hermanreynoldsandsatterfield.com	1	t	patrick.hudson	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
7	Lavenia	Toy	18	schiller1207@bradtkewatersandkeebler.com	24	t	natisha.pfannerstill	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
8	Dillon	Pfannerstill	12	feest4324@jenkinshomenick.com	7	t	shantae.grady	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
9	Lavonia	Considine	34	balistreri1812@rennerandsons.com	33	t	karl.little	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
10	Javier	Tromp	37	ondricka8711@terryandsons.com	33	t	valentin.yundt	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
11	Demetrius	Price	33	cronin4447@kihnpouros.com	33	t	warner.herman	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
12	Exie	Zieme	36	torphy171@monahanwill.com	29	t	takisha.johnson	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
13	Keli	Kunde	16	feeney3290@fritschwillandprice.com	23	t	makeda.abernathy	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
14	Ismael	Beatty	20	ohara5149@cummerataandsons.com	36	t	erlinda.kuhn	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
15	Wendie	Cummerata	9	swaniawski5800@mosciskiinc.com	35	t	carson.schinner	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
16	Nell	Schmidt	12	swift7883@greenholtwolffanddietrich.com	35	t	sol.walsh	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
17	Jeffry	Herman	10	dibbert8844@kuvalisheaney.com	31	t	stephania.friesen	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
18	Elvin	Goldner	24	wiegand8454@carterandsons.com	19	t	cedric.beer	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
19	Kisha	Wiegand	36	williamson1919@lynchkris.com	17	t	babette.marvin	8cb2237d0679ca88db6464eac60da96345513964	2022-05-16 15:13:11.79328+00	\N
\.

COPY public.rental (rental_id, rental_date, inventory_id, customer_id, return_date, staff_id, last_update) FROM stdin;
2	2022-05-24 22:54:33+01	1525	459	2022-05-28 19:40:33+01	1	2022-02-16 02:30:53+00
3	2022-05-24 23:03:39+01	1711	408	2022-06-01 22:12:39+01	1	2022-02-16 02:30:53+00
4	2022-05-24 23:04:41+01	2452	333	2022-06-03 01:43:41+01	2	2022-02-16 02:30:53+00
5	2022-05-24 23:05:21+01	2079	222	2022-06-02 04:33:21+01	1	2022-02-16 02:30:53+00
6	2022-05-24 23:08:07+01	2792	549	2022-05-27 01:32:07+01	1	2022-02-16 02:30:53+00
7	2022-05-24 23:11:53+01	3995	269	2022-05-29 20:34:53+01	2	2022-02-16 02:30:53+00
8	2022-05-24 23:31:46+01	2346	239	2022-05-27 23:33:46+01	2	2022-02-16 02:30:53+00
9	2022-05-25 00:00:40+01	2580	126	2022-05-28 00:22:40+01	1	2022-02-16 02:30:53+00
10	2022-05-25 00:02:21+01	1824	399	2022-05-31 22:44:21+01	2	2022-02-16 02:30:53+00
11	2022-05-25 00:09:02+01	4443	142	2022-06-02 20:56:02+01	2	2022-02-16 02:30:53+00
12	2022-05-25 00:19:27+01	1584	261	2022-05-30 05:44:27+01	2	2022-02-16 02:30:53+00
13	2022-05-25 00:22:55+01	2294	334	2022-05-30 04:28:55+01	1	2022-02-16 02:30:53+00
14	2022-05-25 00:31:15+01	2701	446	2022-05-26 02:56:15+01	1	2022-02-16 02:30:53+00
15	2022-05-25 00:39:22+01	3049	319	2022-06-03 03:30:22+01	1	2022-02-16 02:30:53+00
16	2022-05-25 00:43:11+01	389	316	2022-05-26 04:42:11+01	2	2022-02-16 02:30:53+00
17	2022-05-25 01:06:36+01	830	575	2022-05-27 00:43:36+01	1	2022-02-16 02:30:53+00
18	2022-05-25 01:10:47+01	3376	19	2022-05-31 06:35:47+01	2	2022-02-16 02:30:53+00
19	2022-05-25 01:17:24+01	1941	456	2022-05-31 06:00:24+01	1	2022-02-16 02:30:53+00
20	2022-05-25 01:48:41+01	3517	185	2022-05-27 02:20:41+01	2	2022-02-16 02:30:53+00
21	2022-05-25 01:59:46+01	146	388	2022-05-26 01:01:46+01	2	2022-02-16 02:30:53+00
\.

COPY public.payment_p2022_01 (payment_id, customer_id, staff_id, rental_id, amount, payment_date) FROM stdin;
16051	269	1	98	0.99	2022-01-29 01:58:52.222594+00
16065	274	1	147	2.99	2022-01-25 12:14:16.895377+00
16109	297	2	143	0.99	2022-01-28 00:49:49.128218+00
16195	344	2	157	2.99	2022-01-31 05:58:51.176578+00
16202	348	2	821	0.99	2022-01-26 16:52:41.359433+00
16216	357	2	945	0.99	2022-01-24 00:39:09.052005+00
16237	369	1	31	4.99	2022-01-31 00:12:16.422091+00
16247	372	1	617	2.99	2022-01-29 12:51:46.565326+00
16249	373	2	257	4.99	2022-01-29 05:33:33.142744+00
16259	379	2	209	4.99	2022-01-30 23:02:06.818362+00
16295	397	2	1002	0.99	2022-01-28 13:25:14.841952+00
16318	409	1	310	6.99	2022-01-25 01:57:07.766857+00
16320	411	2	972	1.99	2022-01-31 11:12:57.610606+00
16331	416	2	724	3.99	2022-01-24 04:59:03.204053+00
16336	419	1	62	2.99	2022-01-29 09:48:28.376954+00
16354	432	2	326	7.99	2022-01-28 01:42:25.075477+00
16365	437	1	192	2.99	2022-01-24 17:03:14.157666+00
16367	437	1	666	5.99	2022-01-29 22:26:14.302644+00
16405	457	2	1024	7.99	2022-01-25 04:27:19.820601+00
16416	464	2	373	1.99	2022-01-26 23:25:52.226731+00
\.

COPY public.payment_p2022_02 (payment_id, customer_id, staff_id, rental_id, amount, payment_date) FROM stdin;
16056	270	1	193	1.99	2022-02-03 01:49:30.663659+00
16075	278	1	1092	4.99	2022-02-14 16:08:09.981165+00
16077	279	2	1019	0.99	2022-02-09 21:43:26.740315+00
16078	280	1	1014	4.99	2022-02-06 00:01:36.023609+00
16103	294	1	595	1.99	2022-02-02 05:00:37.57789+00
16107	296	1	869	4.99	2022-02-07 13:43:52.208634+00
16122	303	1	265	0.99	2022-02-20 17:52:56.731619+00
16129	306	2	375	3.99	2022-02-11 02:36:17.845334+00
16130	306	2	672	6.99	2022-02-09 21:22:58.885179+00
16131	307	2	413	4.99	2022-02-27 21:03:23.082646+00
16133	307	1	614	1.99	2022-02-23 14:07:39.213376+00
16154	315	1	537	8.99	2022-02-21 06:42:18.733228+00
16164	321	2	200	4.99	2022-02-14 17:26:09.023532+00
16167	322	2	166	0.99	2022-02-20 06:34:26.22591+00
16173	325	1	131	5.99	2022-02-08 10:29:05.367166+00
16180	330	2	967	7.99	2022-02-09 14:41:36.737746+00
16184	332	1	1000	6.99	2022-02-01 01:45:54.586456+00
16189	337	1	572	4.99	2022-02-23 05:11:54.387724+00
16196	344	2	813	5.99	2022-02-02 02:20:47.90095+00
16197	345	1	206	0.99	2022-02-14 05:25:00.270052+00
\.

COPY public.payment_p2022_03 (payment_id, customer_id, staff_id, rental_id, amount, payment_date) FROM stdin;
16053	269	2	703	0.99	2022-03-02 19:51:40.813503+00
16058	271	1	1096	8.99	2022-03-19 06:19:47.019162+00
16059	272	1	33	0.99	2022-03-12 13:32:36.628975+00
16060	272	1	405	6.99	2022-03-18 01:40:43.327915+00
16063	273	2	122	3.99	2022-03-14 12:07:41.127016+00
16080	281	2	754	2.99	2022-03-02 12:08:01.606714+00
16081	282	2	48	1.99	2022-03-13 14:36:24.38075+00
16089	287	1	655	2.99	2022-03-10 04:13:27.721005+00
16100	293	2	445	0.99	2022-03-01 04:28:36.945325+00
16112	299	1	332	5.99	2022-03-21 06:44:47.428768+00
16119	301	1	955	0.99	2022-03-22 04:00:36.948616+00
16120	302	2	38	4.99	2022-03-27 07:05:58.976733+01
16124	303	2	1050	4.99	2022-03-11 02:43:13.327528+00
16140	311	2	544	6.99	2022-03-05 02:53:20.020914+00
16143	311	2	1128	6.99	2022-03-23 00:50:03.654339+00
16158	316	1	1065	1.99	2022-03-07 21:57:53.669873+00
16165	321	1	620	5.99	2022-03-12 16:40:11.404266+00
16166	321	2	818	4.99	2022-03-22 00:38:13.379468+00
16170	323	2	729	2.99	2022-03-10 14:31:21.888741+00
16174	326	1	875	6.99	2022-03-29 10:38:35.996349+01
\.

COPY public.payment_p2022_04 (payment_id, customer_id, staff_id, rental_id, amount, payment_date) FROM stdin;
16066	274	1	208	4.99	2022-04-15 13:28:07.452161+01
16069	274	2	474	2.99	2022-04-27 19:46:10.151444+01
16074	277	2	308	6.99	2022-04-04 11:51:07.496345+01
16091	288	2	93	3.99	2022-04-26 11:18:58.440363+01
16092	288	2	427	6.99	2022-04-05 14:22:55.687336+01
16097	291	2	747	4.99	2022-04-06 00:50:05.282763+01
16105	296	2	162	4.99	2022-04-21 23:14:50.79075+01
16106	296	1	511	5.99	2022-04-18 07:28:00.951682+01
16110	297	1	954	3.99	2022-04-23 04:59:08.79475+01
16111	298	1	383	3.99	2022-04-11 11:42:36.51958+01
16115	300	1	780	3.99	2022-04-15 09:51:41.751406+01
16118	301	2	227	5.99	2022-04-17 10:00:39.810165+01
16123	303	1	871	2.99	2022-04-23 18:40:51.221424+01
16127	304	2	937	2.99	2022-04-06 17:38:25.44628+01
16136	309	2	218	6.99	2022-04-28 09:56:20.407695+01
16139	311	2	274	5.99	2022-04-28 09:36:38.13836+01
16141	311	1	952	2.99	2022-04-29 12:07:54.736744+01
16148	313	2	669	4.99	2022-04-25 19:41:26.136466+01
16155	315	1	551	4.99	2022-04-21 12:31:54.034245+01
16156	316	1	16	4.99	2022-04-30 09:18:47.668622+01
\.

COPY public.payment_p2022_05 (payment_id, customer_id, staff_id, rental_id, amount, payment_date) FROM stdin;
16055	269	2	1099	2.99	2022-05-20 16:54:02.174545+01
16057	270	1	1040	4.99	2022-05-11 10:27:17.752545+01
16067	274	2	301	2.99	2022-05-11 04:38:43.477404+01
16068	274	1	394	5.99	2022-05-04 08:27:05.030262+01
16070	274	1	892	4.99	2022-05-15 06:32:14.136295+01
16079	281	2	650	2.99	2022-05-21 02:41:55.279066+01
16083	282	2	564	0.99	2022-05-14 12:24:41.513452+01
16084	284	2	423	0.99	2022-05-28 16:14:23.196325+01
16085	284	2	791	0.99	2022-05-15 14:50:04.749639+01
16086	284	1	1145	6.99	2022-05-22 02:07:51.171344+01
16093	288	1	503	4.99	2022-05-06 06:18:49.065148+01
16096	291	1	54	4.99	2022-05-26 02:34:44.655616+01
16099	292	1	324	0.99	2022-05-26 17:31:55.427737+01
16101	293	1	924	4.99	2022-05-20 07:57:45.099138+01
16125	304	1	135	10.99	2022-05-03 14:58:33.135578+01
16128	305	2	69	2.99	2022-05-29 17:24:31.327433+01
16135	308	2	589	3.99	2022-05-11 22:29:38.878145+01
16147	312	2	1079	6.99	2022-05-22 02:00:19.263516+01
16150	313	2	781	0.99	2022-05-04 02:07:45.109719+01
16151	313	2	843	0.99	2022-05-18 15:33:46.571296+01
\.

COPY public.payment_p2022_06 (payment_id, customer_id, staff_id, rental_id, amount, payment_date) FROM stdin;
16050	269	2	7	1.99	2022-06-21 08:41:50.707316+01
16052	269	2	678	6.99	2022-06-26 23:37:21.783785+01
16054	269	1	750	4.99	2022-06-02 04:29:53.30199+01
16062	272	1	1072	0.99	2022-06-15 02:19:29.001208+01
16073	276	1	860	10.99	2022-06-03 21:10:31.235993+01
16082	282	2	282	6.99	2022-06-16 23:40:15.876421+01
16087	286	2	81	6.99	2022-06-13 12:45:57.632947+01
16088	287	2	498	0.99	2022-06-02 00:42:21.196221+01
16090	287	2	964	2.99	2022-06-24 19:34:14.628273+01
16098	291	1	1012	2.99	2022-06-13 22:32:26.747244+01
16104	295	2	371	3.99	2022-06-13 16:43:37.699961+01
16113	299	2	606	8.99	2022-06-14 03:54:29.039214+01
16117	301	2	27	4.99	2022-06-28 11:16:51.20069+01
16138	310	2	104	0.99	2022-06-10 10:12:24.278218+01
16142	311	2	990	3.99	2022-06-21 18:04:00.273053+01
16145	312	1	530	0.99	2022-06-07 20:11:28.999449+01
16146	312	2	1049	4.99	2022-06-18 20:51:24.241656+01
16149	313	2	712	2.99	2022-06-30 08:21:07.717505+01
16157	316	1	644	8.99	2022-06-18 05:23:31.52441+01
16172	324	2	563	3.99	2022-06-02 11:52:17.163439+01
\.

COPY public.payment_p2022_07 (payment_id, customer_id, staff_id, rental_id, amount, payment_date) FROM stdin;
16061	272	1	1041	6.99	2022-07-19 07:32:02.911937+01
16064	273	2	980	0.99	2022-07-07 08:15:37.160099+01
16071	275	2	336	2.99	2022-07-04 10:47:03.440928+01
16072	276	1	736	3.99	2022-07-11 05:46:45.091689+01
16076	279	1	979	2.99	2022-07-24 11:07:49.460456+01
16094	288	2	565	5.99	2022-07-14 16:55:31.352314+01
16095	290	1	160	2.99	2022-07-18 19:44:37.9813+01
16102	293	2	1034	8.99	2022-07-20 17:20:24.393304+01
16108	296	2	956	2.99	2022-07-06 04:43:27.375499+01
16114	300	2	457	0.99	2022-07-05 06:02:05.370807+01
16116	300	1	1111	4.99	2022-07-14 05:55:30.951321+01
16121	302	2	92	5.99	2022-07-10 21:15:44.989839+01
16126	304	1	415	0.99	2022-07-07 16:31:55.630302+01
16132	307	1	535	4.99	2022-07-23 01:46:09.376135+01
16134	307	1	970	6.99	2022-07-12 05:10:35.832729+01
16137	309	2	723	0.99	2022-07-07 00:20:33.675343+01
16144	312	2	229	4.99	2022-07-06 11:02:59.220907+01
16160	318	1	224	9.99	2022-07-21 07:35:41.347175+01
16177	327	1	653	6.99	2022-07-18 05:15:27.637307+01
16179	330	1	704	3.99	2022-07-13 19:59:39.13037+01
\.

SET session_replication_role = DEFAULT;
