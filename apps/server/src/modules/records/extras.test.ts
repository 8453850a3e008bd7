import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import {
  buildBrand,
  buildCompany,
  buildStore,
  createVia,
  postFile,
  teamWithRoles,
} from '../../../test/factories';
import { purgeTrash } from '../trash/service';

const ctx = useTestApp();

const LOGO = (content: Buffer) => ({ field: 'image', name: 'logo.png', content });

describe('notes', () => {
  it('lists newest first; authors and admins edit and delete, other managers may not', async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    const company = await buildCompany(admin, { name: 'Noted' });
    const base = `/app/api/v1/companies/${company.id}/notes`;
    const first = (await manager.post(base, { body: 'Lease renewal call on Monday' })).body.data;
    const second = (await admin.post(base, { body: 'Landlord agreed to CAM cap' })).body.data;
    expect(first.abilities).toEqual({ update: true, delete: true });
    const list = await observer.get(base);
    expect(list.body.data.map((n: { id: number }) => n.id)).toEqual([second.id, first.id]);
    expect(list.body.data[0].abilities).toEqual({ update: false, delete: false });
    expect((await manager.patch(`/app/api/v1/notes/${second.id}`, { body: 'Hijack' })).status).toBe(403);
    expect(
      (await manager.patch(`/app/api/v1/notes/${first.id}`, { body: 'Call moved to Tuesday' })).body.data
        .body,
    ).toBe('Call moved to Tuesday');
    expect((await admin.delete(`/app/api/v1/notes/${first.id}`)).status).toBe(204);
    expect((await admin.post(base, { body: '' })).body.errors.body).toEqual(['The note field is required.']);
    const stranger = (await teamWithRoles(ctx)).admin;
    expect((await stranger.patch(`/app/api/v1/notes/${second.id}`, { body: 'x' })).status).toBe(404);
    expect((await stranger.delete(`/app/api/v1/notes/${second.id}`)).status).toBe(404);
  });
});

describe('images', () => {
  it('stores a PNG as signed thumbnail and display links, and removes it', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const brand = await buildBrand(admin, { name: 'Pictured' });
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const uploaded = await postFile(admin, `/app/api/v1/brands/${brand.id}/image`, LOGO(png));
    expect(uploaded.status).toBe(200);
    const { thumb_url, display_url } = uploaded.body.data.image;
    const thumb = await observer.get(thumb_url);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const display = await ctx.app.inject({ method: 'GET', url: display_url });
    expect((await sharp(display.rawPayload).metadata()).width).toBe(640);
    expect((await observer.get(thumb_url.replace(/signature=[^&]+/, 'signature=forged'))).status).toBe(403);
    expect((await postFile(observer, `/app/api/v1/brands/${brand.id}/image`, LOGO(png))).status).toBe(403);

    const removed = await admin.delete(`/app/api/v1/brands/${brand.id}/image`);
    expect(removed.body.data.image).toBeNull();
    expect((await observer.get(thumb_url)).status).toBe(404);
  });

  it('ends image links when the record is deleted or its image replaced, and when the member leaves the team', async () => {
    const { admin, manager, observer, team } = await teamWithRoles(ctx);
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#22aa44' } })
      .png()
      .toBuffer();
    const store = await buildStore(admin, { name: 'Pictured store' });
    const first = (await postFile(admin, `/app/api/v1/stores/${store.id}/image`, LOGO(png))).body.data.image;
    const observerLink = (await observer.get(`/app/api/v1/stores/${store.id}`)).body.data.image.thumb_url;
    const managerLink = (await manager.get(`/app/api/v1/stores/${store.id}`)).body.data.image.thumb_url;
    expect((await ctx.client().get(observerLink)).status).toBe(200);
    expect((await ctx.client().get(managerLink)).status).toBe(200);
    expect((await ctx.client().get(managerLink)).headers['cache-control']).toBe('private, max-age=3600');
    // The dashboard's store pictures are links of the caller too.
    const dashboardImage = (await observer.get('/app/api/v1/dashboard')).body.data.stores.find(
      (s: { id: number }) => s.id === store.id,
    )?.image;
    expect(dashboardImage).toMatch(/^\/app\/images\/img_/);
    expect((await ctx.client().get(dashboardImage)).status).toBe(200);

    // A link names its record: pointing it at another record of the team is a forgery.
    const other = await buildStore(admin, { name: 'Other store' });
    expect((await ctx.client().get(observerLink.replace(/id=\d+/, `id=${other.id}`))).status).toBe(403);

    // Leaving the team ends the member's links, not the others'.
    expect(
      (
        await admin.delete(
          `/app/api/v1/teams/${team.id}/members/${(await observer.get('/app/api/v1/users/auth')).body.data.id}`,
        )
      ).status,
    ).toBe(204);
    expect((await ctx.client().get(observerLink)).status).toBe(404);
    expect((await ctx.client().get(managerLink)).status).toBe(200);

    // A new image ends the old image's links; deleting the record ends them all.
    const second = (await postFile(admin, `/app/api/v1/stores/${store.id}/image`, LOGO(png))).body.data.image;
    expect((await ctx.client().get(first.thumb_url)).status).toBe(404);
    expect((await ctx.client().get(second.display_url)).status).toBe(200);
    expect((await admin.delete(`/app/api/v1/stores/${store.id}`)).status).toBe(204);
    expect((await ctx.client().get(second.display_url)).status).toBe(404);
  });

  it('judges the type by content, not by name, and refuses files over 5 MB', async () => {
    const { admin } = await teamWithRoles(ctx);
    const company = await buildCompany(admin, { name: 'Careful' });
    const fake = await postFile(admin, `/app/api/v1/companies/${company.id}/image`, {
      field: 'image',
      name: 'logo.png',
      content: '<svg onload="alert(1)"></svg>',
    });
    expect(fake.status).toBe(422);
    expect(fake.body.errors.image).toEqual(['The image must be a JPEG, PNG or WebP file.']);
    const huge = await postFile(admin, `/app/api/v1/companies/${company.id}/image`, {
      field: 'image',
      name: 'huge.jpg',
      content: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.errors.image).toEqual(['The image may not be greater than 5 MB.']);
  });
});

describe('global search', () => {
  it('groups matches by type, by prefix and without accents, at most five each, only this team’s', async () => {
    const { admin } = await teamWithRoles(ctx);
    const other = await teamWithRoles(ctx);
    await buildCompany(admin, { name: 'Café Rouge Holdings', city: 'Montréal' });
    await buildBrand(admin, { name: 'Cafe Express' });
    for (let i = 1; i <= 7; i += 1)
      await buildStore(admin, {
        name: `Café Express #${i}`,
        store_number: `CE${i}`,
        city: 'Dallas',
      });
    await createVia(admin, 'contacts', { first_name: 'Renée', last_name: 'Cafélli', job_title: 'Leasing' });
    await buildStore(other.admin, { name: 'Cafe of another team' });

    const response = await admin.get('/app/api/v1/search?query=cafe');
    expect(response.body.data.map((g: { type: string }) => g.type)).toEqual([
      'companies',
      'brands',
      'stores',
      'contacts',
    ]);
    const stores = response.body.data.find((g: { type: string }) => g.type === 'stores');
    expect(stores.data).toHaveLength(5);
    expect(stores.data[0]).toEqual({
      id: expect.any(Number),
      title: expect.stringMatching(/^Café Express #\d$/),
      subtitle: expect.stringMatching(/^#CE\d · Dallas$/),
    });
    expect(JSON.stringify(response.body)).not.toContain('another team');

    const ranked = await admin.get('/app/api/v1/search?query=cafe%20express');
    expect(ranked.body.data.find((g: { type: string }) => g.type === 'brands').data[0].title).toBe(
      'Cafe Express',
    );
    expect((await admin.get('/app/api/v1/search?query=montre')).body.data[0].data[0].title).toBe(
      'Café Rouge Holdings',
    );
    expect((await admin.get('/app/api/v1/search?query=')).body).toEqual({ data: [] });
  });

  it('follows renames and deletes', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Oldname Outlet' });
    await admin.patch(`/app/api/v1/stores/${store.id}`, { name: 'Newname Outlet' });
    expect((await admin.get('/app/api/v1/search?query=oldname')).body.data).toEqual([]);
    expect((await admin.get('/app/api/v1/search?query=newname')).body.data[0].data[0].id).toBe(store.id);
    await admin.delete(`/app/api/v1/stores/${store.id}`);
    expect((await admin.get('/app/api/v1/search?query=newname')).body.data).toEqual([]);
    await admin.post(`/app/api/v1/stores/${store.id}/restore`);
    expect((await admin.get('/app/api/v1/search?query=newname')).body.data).toHaveLength(1);
  });
});

describe('audit log and record history', () => {
  it('shows who changed what, old → new, to admins, filterable; a record’s history to members', async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    const company = await buildCompany(manager, { name: 'Audited', kind: 'landlord' });
    await manager.patch(`/app/api/v1/companies/${company.id}`, { name: 'Audited Inc', kind: 'landlord' });
    const history = await observer.get(`/app/api/v1/companies/${company.id}/activities`);
    expect(history.body.data[0]).toMatchObject({
      action: 'updated',
      changes: { name: ['Audited', 'Audited Inc'] },
      subject_type: 'company',
    });
    expect(history.body.data[0].user.name).toMatch(/^User /);
    expect(history.body.data[1]).toMatchObject({ action: 'created' });

    expect((await manager.get('/app/api/v1/activities')).status).toBe(403);
    const filtered = await admin.get(
      `/app/api/v1/activities?filters[subject_type]=company&filters[action]=updated`,
    );
    expect(filtered.body.data).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    const byDate = await admin.get(
      `/app/api/v1/activities?filters[from]=${today}&filters[to]=${today}&filters[subject_id]=${company.id}`,
    );
    expect(byDate.body.meta.total).toBe(2);
    const past = await admin.get(`/app/api/v1/activities?filters[to]=2000-01-01`);
    expect(past.body.meta.total).toBe(0);
  });
});

describe('trash', () => {
  it('lists deleted records to admins, and the purge removes those older than 30 days', async () => {
    const { admin, manager, team } = await teamWithRoles(ctx);
    const contact = await createVia(admin, 'contacts', { first_name: 'Gone', last_name: 'Soon' });
    const store = await buildStore(admin, { name: 'Closed Forever' });
    await admin.delete(`/app/api/v1/contacts/${contact.id}`);
    await admin.delete(`/app/api/v1/stores/${store.id}`);
    expect((await manager.get('/app/api/v1/trash')).status).toBe(403);
    const trash = await admin.get('/app/api/v1/trash');
    expect(
      trash.body.data.map((i: { type: string; title: string }) => `${i.type}:${i.title}`).sort(),
    ).toEqual(['contacts:Gone Soon', 'stores:Closed Forever']);
    expect((await admin.get('/app/api/v1/trash?filters[type]=stores')).body.meta.total).toBe(1);

    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await ctx.db.updateTable('stores').set({ deleted_at: longAgo }).where('id', '=', store.id).execute();
    expect((await admin.post(`/app/api/v1/stores/${store.id}/restore`)).status).toBe(404);
    expect(await purgeTrash(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    expect(
      await ctx.db.selectFrom('stores').select('id').where('id', '=', store.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await ctx.db.selectFrom('contacts').select('id').where('team_id', '=', team.id).execute(),
    ).toHaveLength(1);
  });
});
